#pragma once
// The secrets scan's search (no server, no sockets): what one viewer may not know at one moment
// of a game, worked out from the engine, and a byte search for those things in what the viewer
// was sent.
//
// What is hidden from a viewer, in words (hidden_from):
//   - everything the GM's View shows that the viewer's View does not: the units whose ids are
//     only in the GM's (their ids, their figures' ids, their names where no unit the viewer sees
//     has that name and the public table does not use it), the terrain features whose outlines
//     are only in the GM's (their names and points), a feature's kind the GM reads and the
//     viewer does not (a dummy minefield shown as a minefield), and every point (a Point message:
//     units' and figures' places, outlines, plots, aims) anywhere in the GM's View but nowhere in
//     the viewer's (its menu and decisions apart);
//   - what even the GM's View leaves out: Battleground reinforcements not yet on the table and
//     scheduled strikes the viewer does not know (ids, aim points), the order of the cards not yet
//     drawn (Battleground's card deck, Rookie Rules' activation deck);
//   - until the game is over: the seed (decimal, 16 hex digits, its 8 bytes either way round) and
//     the generators' states.
// A point the viewer's own View holds outside its menu (a point of the public table, a unit it
// sees) is no secret even when a hidden unit stands there; a point only its menu holds is (a menu
// that offers a hidden unit's place leaks it).
//
// How each is looked for (scan): ids, names and kinds as words in the texts an envelope carries;
// points as the bytes of their Point message; the seed, the generators' states and hidden log
// lines among the raw bytes; the deck as four cards in a row.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/model/game.h"
#include "sandtable/v1/view.pb.h"

namespace sandtable::testing::secrets {

namespace pb = ::sandtable::v1;

enum class Kind {
  kUnitId,
  kFigureId,
  kUnitName,
  kPosition,
  kFeatureName,
  kFeatureKind,
  kStrike,
  kHiddenLine,
  kSeed,
  kGenerator,
  kDeck,
};
inline constexpr int kKinds = 11;
const char* kind_name(Kind k);

// How a needle must sit in a message to count as found.
enum class Match {
  kBytes,  // anywhere in its bytes
  // As a whole word (no letter, digit, '_' or '-' just before or after) in any text the message
  // carries: every string and bytes field at any depth, inside Any (a View's extra) and in fields
  // this build does not know. A short id is looked for there only, not among the bytes of numbers,
  // where "b2" turns up by chance (a double's bytes, a sequence number 98 before a field tag '2').
  // A needle of 6 bytes or more is looked for in the raw bytes too, to catch it wherever else.
  kWord,
  kString,  // as a whole protobuf string (its length just before it), anywhere in the bytes
};

struct Secret {
  Kind kind = Kind::kUnitId;
  Match match = Match::kBytes;
  std::string needle;
  std::string what;  // what it is, for a failure message
  // Never revealed while the game is on, and different at each moment (a generator's state):
  // a message spanning several moments must keep each moment's.
  bool sticky = false;
};

struct Secrets {
  std::vector<Secret> items;   // sorted by (kind, needle), no two alike (finish())
  std::vector<pb::Card> deck;  // cards not yet drawn, the next to be drawn first; empty: no deck
  void add(Secret s) { items.push_back(std::move(s)); }
  void finish();
  std::size_t count(Kind k) const;
};

// What is hidden all through a message that spans two moments: what both hide, and the sticky
// secrets of either; the deck as at the later moment.
Secrets common(const Secrets& earlier, const Secrets& later);

struct Hit {
  Kind kind = Kind::kUnitId;
  std::string what;
  std::string needle;
  std::size_t at = 0;
  std::string context;  // the text or bytes around it, printable
  // Found only in log lines (Event.text): the order that revealed the thing may name it even if
  // it hid the thing again before it ended (the caller checks). The events whose lines name it.
  bool log_line_only = false;
  std::vector<std::uint64_t> line_seqs = {};
};

// Every secret found in `bytes`, an Envelope as it came. A deck leak is `deck_run` cards not yet drawn that follow each
// other in the draw order (either way round) and follow each other in the bytes, as protobuf
// Card messages or as card names ("ace of spades", "joker 1"), each at most 256 bytes after the
// one before. One hit per secret.
std::vector<Hit> scan(std::string_view bytes, const Secrets& secrets, std::size_t deck_run = 4);

// What `viewer` ("gm", "spectator" or a side) may not know in `game` now, given the GM's View
// and the viewer's View of it (both from the engine at this moment).
Secrets hidden_from(const Game& game, const pb::View& gm_view, const pb::View& viewer_view, const std::string& viewer);

// Needles, exposed for the test of the scan itself.
std::string point_needle(const pb::Point& p);
std::string string_field(const std::string& s);  // a protobuf string's length and bytes
std::string printable(std::string_view bytes);

// The cards found in `bytes`, in order (both forms), for the deck search and its test.
struct CardSeen {
  std::size_t at = 0, end = 0;
  int card = 0;  // 0..53: suit-1 * 13 + rank-1, jokers 52 and 53
};
std::vector<CardSeen> cards_in(std::string_view bytes);
int card_index(const pb::Card& c);

}  // namespace sandtable::testing::secrets
