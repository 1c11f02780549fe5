#include "tests/server/secrets_scan.h"

#include "engine/core/sha256.h"

#include <google/protobuf/any.pb.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/message.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <set>
#include <tuple>

#include "engine/rulesets/bg/bg_internal.h"
#include "engine/rulesets/bg/bg_state.h"
#include "engine/rulesets/rookie/rr_state.h"
#include "sandtable/v1/protocol.pb.h"
#include "server/static_table.h"

namespace sandtable::testing::secrets {

namespace gp = ::google::protobuf;

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::kUnitId: return "unit id";
    case Kind::kFigureId: return "figure id";
    case Kind::kUnitName: return "unit name";
    case Kind::kPosition: return "position";
    case Kind::kFeatureName: return "feature name";
    case Kind::kFeatureKind: return "feature kind";
    case Kind::kStrike: return "strike";
    case Kind::kHiddenLine: return "hidden log line";
    case Kind::kSeed: return "seed";
    case Kind::kGenerator: return "generator state";
    case Kind::kDeck: return "deck order";
  }
  return "?";
}

namespace {

bool same_key(const Secret& a, const Secret& b) { return a.kind == b.kind && a.needle == b.needle; }
bool key_less(const Secret& a, const Secret& b) { return std::tie(a.kind, a.needle) < std::tie(b.kind, b.needle); }

bool word_char(unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; }

std::string varint(std::uint64_t n) {
  std::string out;
  while (n >= 0x80) {
    out.push_back(static_cast<char>((n & 0x7f) | 0x80));
    n >>= 7;
  }
  out.push_back(static_cast<char>(n));
  return out;
}

// Whether the occurrence of `needle` at `at` counts under `match`.
bool sits(std::string_view hay, std::size_t at, const std::string& needle, Match match) {
  if (match == Match::kBytes) return true;
  if (match == Match::kString) {
    const std::string len = varint(needle.size());
    return at >= len.size() && hay.compare(at - len.size(), len.size(), len) == 0;
  }
  const auto first = static_cast<unsigned char>(needle.front());
  const auto last = static_cast<unsigned char>(needle.back());
  const bool left = !word_char(first) || at == 0 || !word_char(static_cast<unsigned char>(hay[at - 1]));
  const std::size_t after = at + needle.size();
  const bool right = !word_char(last) || after >= hay.size() || !word_char(static_cast<unsigned char>(hay[after]));
  return left && right;
}

// The places `needle` sits in `hay` as `match` asks, from `from` on: the first, or npos.
std::size_t find(std::string_view hay, const std::string& needle, Match match, std::size_t from = 0) {
  if (needle.empty() || needle.size() > hay.size()) return std::string_view::npos;
  const char* base = hay.data();
  while (from + needle.size() <= hay.size()) {
    const void* p = memmem(base + from, hay.size() - from, needle.data(), needle.size());
    if (!p) return std::string_view::npos;
    const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(p) - base);
    if (sits(hay, at, needle, match)) return at;
    from = at + 1;
  }
  return std::string_view::npos;
}

std::size_t count(std::string_view hay, const std::string& needle, Match match) {
  std::size_t n = 0;
  for (std::size_t at = find(hay, needle, match); at != std::string_view::npos; at = find(hay, needle, match, at + 1)) ++n;
  return n;
}

// A whole word of `hay` (a text).
bool word_in(std::string_view hay, const std::string& word) {
  return !word.empty() && find(hay, word, Match::kWord) != std::string_view::npos;
}

// Every text a message carries (string and bytes fields at any depth, Any's contents, fields this
// build does not know), each marked when it is a log line (Event.text).
struct Text {
  std::string_view s;
  bool log_line = false;
  std::uint64_t seq = 0;  // a log line's event
};

struct Texts {
  std::vector<Text> all;
  std::vector<std::unique_ptr<gp::Message>> keep;  // unpacked Any contents the views point into
  std::deque<std::string> unknown;                 // copies (unknown fields' bytes), which stay put
};

void collect_texts(const gp::Message& m, Texts& out);

void collect_unknown(const gp::UnknownFieldSet& u, Texts& out) {
  for (int i = 0; i < u.field_count(); ++i) {
    const gp::UnknownField& f = u.field(i);
    if (f.type() == gp::UnknownField::TYPE_LENGTH_DELIMITED) {
      out.unknown.push_back(f.length_delimited());
      out.all.push_back({out.unknown.back(), false});
    }
    if (f.type() == gp::UnknownField::TYPE_GROUP) collect_unknown(f.group(), out);
  }
}

void collect_texts(const gp::Message& m, Texts& out) {
  const gp::Reflection* r = m.GetReflection();
  const gp::Descriptor* d = m.GetDescriptor();
  if (d->full_name() == "google.protobuf.Any") {
    const auto& any = static_cast<const gp::Any&>(m);
    out.all.push_back({any.type_url(), false});
    const gp::Descriptor* inner_type =
        gp::DescriptorPool::generated_pool()->FindMessageTypeByName(any.type_url().substr(any.type_url().rfind('/') + 1));
    if (inner_type) {
      std::unique_ptr<gp::Message> inner(gp::MessageFactory::generated_factory()->GetPrototype(inner_type)->New());
      if (inner->ParseFromString(any.value())) {
        collect_texts(*inner, out);
        out.keep.push_back(std::move(inner));
        return;
      }
    }
    out.all.push_back({any.value(), false});
    return;
  }
  const bool event = d->full_name() == "sandtable.v1.Event";
  std::vector<const gp::FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  for (const auto* f : fields) {
    if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_STRING) {
      const bool line = event && f->name() == "text";
      const std::uint64_t seq = line ? static_cast<const pb::Event&>(m).seq() : 0;
      if (f->is_repeated()) {
        for (int i = 0; i < r->FieldSize(m, f); ++i) {
          std::string scratch;
          const std::string& v = r->GetRepeatedStringReference(m, f, i, &scratch);
          if (&v == &scratch) {
            out.unknown.push_back(v);
            out.all.push_back({out.unknown.back(), line, seq});
          } else {
            out.all.push_back({v, line, seq});
          }
        }
      } else {
        std::string scratch;
        const std::string& v = r->GetStringReference(m, f, &scratch);
        if (&v == &scratch) {
          out.unknown.push_back(v);
          out.all.push_back({out.unknown.back(), line, seq});
        } else {
          out.all.push_back({v, line, seq});
        }
      }
    } else if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_MESSAGE) {
      if (f->is_repeated()) {
        for (int i = 0; i < r->FieldSize(m, f); ++i) collect_texts(r->GetRepeatedMessage(m, f, i), out);
      } else {
        collect_texts(r->GetMessage(m, f), out);
      }
    }
  }
  collect_unknown(r->GetUnknownFields(m), out);
}

std::string context_of(std::string_view hay, std::size_t at, std::size_t len) {
  const std::size_t from = at > 80 ? at - 80 : 0;
  const std::size_t to = std::min(hay.size(), at + len + 80);
  return printable(hay.substr(from, at - from)) + " >>>" + printable(hay.substr(at, len)) + "<<< " +
         printable(hay.substr(at + len, to - at - len));
}

// --- Points anywhere in a message, Any's contents included ---

// Each Point message in `m` (its needle) and where it was (a field path naming ids).
void collect_points(const gp::Message& m, const std::string& path, std::map<std::string, std::string>& out);

std::string element_name(const gp::Message& m) {
  const auto* d = m.GetDescriptor();
  for (const char* key : {"id", "name", "battery_id"}) {
    const auto* f = d->FindFieldByName(key);
    if (f && f->type() == gp::FieldDescriptor::TYPE_STRING && !f->is_repeated()) {
      const std::string v = m.GetReflection()->GetString(m, f);
      if (!v.empty()) return v;
    }
  }
  return "";
}

void collect_in(const gp::Message& m, const std::string& path, std::map<std::string, std::string>& out) {
  if (m.GetDescriptor()->full_name() == "sandtable.v1.Point") {
    const std::string needle = point_needle(static_cast<const pb::Point&>(m));
    if (!needle.empty()) out.emplace(needle, path);
    return;
  }
  if (m.GetDescriptor()->full_name() == "google.protobuf.Any") {
    const auto& any = static_cast<const gp::Any&>(m);
    const std::string type = any.type_url().substr(any.type_url().rfind('/') + 1);
    const gp::Descriptor* d = gp::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
    if (!d) return;
    std::unique_ptr<gp::Message> inner(gp::MessageFactory::generated_factory()->GetPrototype(d)->New());
    if (inner->ParseFromString(any.value())) collect_points(*inner, path + "<" + type + ">", out);
    return;
  }
  collect_points(m, path, out);
}

void collect_points(const gp::Message& m, const std::string& path, std::map<std::string, std::string>& out) {
  const gp::Reflection* r = m.GetReflection();
  std::vector<const gp::FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  for (const auto* f : fields) {
    if (f->cpp_type() != gp::FieldDescriptor::CPPTYPE_MESSAGE) continue;
    const std::string here = path + "." + f->name();
    if (f->is_repeated()) {
      for (int i = 0; i < r->FieldSize(m, f); ++i) {
        const gp::Message& e = r->GetRepeatedMessage(m, f, i);
        const std::string name = element_name(e);
        collect_in(e, here + "[" + (name.empty() ? std::to_string(i) : name) + "]", out);
      }
    } else {
      collect_in(r->GetMessage(m, f), here, out);
    }
  }
}

// The points of a View, without its menu (and decisions) when asked.
std::map<std::string, std::string> points_of(const pb::View& v, bool with_decisions) {
  pb::View copy = v;
  copy.clear_menu();
  if (!with_decisions) copy.clear_decisions();
  std::map<std::string, std::string> out;
  collect_points(copy, "view", out);
  return out;
}

// A feature's outline (its kind, name and owner left out), to tell the same feature in two Views.
std::string outline_of(const pb::TerrainFeature& t) {
  pb::TerrainFeature g = t;
  g.clear_kind();
  g.clear_name();
  g.clear_owner();
  return g.SerializeAsString();
}

std::string le_bytes(std::uint64_t n) {
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
  return out;
}

void add_seed(Secrets& out, std::uint64_t seed) {
  char hex[32];
  const auto n = static_cast<unsigned long long>(seed);
  out.add({Kind::kSeed, Match::kBytes, std::to_string(seed), "the seed in decimal"});
  std::snprintf(hex, sizeof hex, "%016llx", n);
  out.add({Kind::kSeed, Match::kBytes, hex, "the seed in hex"});
  std::snprintf(hex, sizeof hex, "%016llX", n);
  out.add({Kind::kSeed, Match::kBytes, hex, "the seed in HEX"});
  std::string le = le_bytes(seed);
  out.add({Kind::kSeed, Match::kBytes, le, "the seed's 8 bytes, little-endian"});
  std::reverse(le.begin(), le.end());
  out.add({Kind::kSeed, Match::kBytes, le, "the seed's 8 bytes, big-endian"});
}

void add_generator(Secrets& out, const Pcg32& rng, const std::string& which) {
  out.add({Kind::kGenerator, Match::kBytes, le_bytes(rng.state()), which + "'s state", true});
}

std::vector<pb::Card> drawing_order(const std::vector<pb::Card>& pile) { return {pile.rbegin(), pile.rend()}; }

// Battleground: what even the GM's View leaves out (reinforcements not on the table, strikes),
// the deck and its generator.
void add_battleground(const bg::BgState& st, const std::string& viewer, const std::set<std::string>& seen_names,
                      const std::string& table, const std::map<std::string, std::string>& viewer_points, Secrets& out) {
  const bg::Seer seer{st.side_index(viewer), viewer == "gm"};
  auto add_point = [&](bg::Vec2 v, const std::string& what) {
    const std::string needle = point_needle(bg::to_point(v));
    if (!needle.empty() && !viewer_points.count(needle)) out.add({Kind::kPosition, Match::kBytes, needle, what});
  };
  for (const bg::Unit& u : st.units) {
    if (u.on_table || bg::knows_unit(u, seer)) continue;
    const std::string what = "reinforcement " + u.id + " (" + u.name + "), not yet on the table";
    out.add({Kind::kUnitId, Match::kWord, u.id, what});
    if (!seen_names.count(u.name) && !word_in(table, u.name)) out.add({Kind::kUnitName, Match::kWord, u.name, what});
    for (const auto& f : u.figures) {
      out.add({Kind::kFigureId, Match::kWord, f.id, what + ", figure " + f.id});
      add_point(f.pos, what + ", figure " + f.id + "'s place");
    }
    add_point(u.position, what + ", its place");
  }
  for (const bg::FireMission& m : st.missions) {
    if (bg::knows_mission(m, seer)) continue;
    out.add({Kind::kStrike, Match::kWord, m.id, "scheduled strike " + m.id});
    for (const auto& a : m.aims) add_point(a, "scheduled strike " + m.id + "'s aim");
  }
  out.deck = drawing_order(st.deck.draw_pile());
  add_generator(out, st.deck_rng, "the deck's generator");
}

void add_rookie(const rr::RrState& st, Secrets& out) {
  if (st.deck) out.deck = drawing_order(st.deck->draw_pile());
  add_generator(out, st.deck_rng, "the activation deck's generator");
}

// A Card message at `at` (a length-delimited field: tag, length, body), or -1.
int card_at(std::string_view b, std::size_t at, std::size_t* end) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(b[i]); };
  if (at + 4 > b.size()) return -1;
  const unsigned char tag = byte(at);
  if ((tag & 0x80) != 0 || (tag & 7) != 2 || (tag >> 3) == 0) return -1;
  const unsigned char len = byte(at + 1);
  if (len == 2 && byte(at + 2) == 0x18 && (byte(at + 3) == 1 || byte(at + 3) == 2)) {
    *end = at + 4;
    return 51 + byte(at + 3);
  }
  if (len == 4 && at + 6 <= b.size() && byte(at + 2) == 0x08 && byte(at + 3) >= 1 && byte(at + 3) <= 4 &&
      byte(at + 4) == 0x10 && byte(at + 5) >= 1 && byte(at + 5) <= 13) {
    *end = at + 6;
    return (byte(at + 3) - 1) * 13 + byte(at + 5) - 1;
  }
  return -1;
}

bool starts_word(std::string_view b, std::size_t at) { return at == 0 || !std::isalnum(static_cast<unsigned char>(b[at - 1])); }

bool equal_ci_first(std::string_view b, std::size_t at, std::string_view word) {
  if (at + word.size() > b.size()) return false;
  if (std::tolower(static_cast<unsigned char>(b[at])) != word[0]) return false;
  return b.compare(at + 1, word.size() - 1, word.substr(1)) == 0;
}

}  // namespace

void Secrets::finish() {
  std::stable_sort(items.begin(), items.end(), key_less);
  items.erase(std::unique(items.begin(), items.end(), same_key), items.end());
}

std::size_t Secrets::count(Kind k) const {
  return static_cast<std::size_t>(std::count_if(items.begin(), items.end(), [&](const Secret& s) { return s.kind == k; }));
}

Secrets common(const Secrets& earlier, const Secrets& later) {
  Secrets out;
  out.deck = later.deck;
  auto a = earlier.items.begin(), b = later.items.begin();
  while (a != earlier.items.end() || b != later.items.end()) {
    if (b == later.items.end() || (a != earlier.items.end() && key_less(*a, *b))) {
      if (a->sticky) out.items.push_back(*a);
      ++a;
    } else if (a == earlier.items.end() || key_less(*b, *a)) {
      if (b->sticky) out.items.push_back(*b);
      ++b;
    } else {
      out.items.push_back(*b);
      ++a;
      ++b;
    }
  }
  return out;
}

int card_index(const pb::Card& c) {
  if (c.joker() == 1 || c.joker() == 2) return 51 + c.joker();
  return (static_cast<int>(c.suit()) - 1) * 13 + c.rank() - 1;
}

std::vector<CardSeen> cards_in(std::string_view b) {
  std::vector<CardSeen> out;
  // As protobuf Card messages.
  for (std::size_t i = 0; i + 4 <= b.size(); ++i) {
    std::size_t end = 0;
    const int c = card_at(b, i, &end);
    if (c >= 0) out.push_back({i, end, c});
  }
  // As words: "<rank> of <suit>" (the first letter either case), "joker 1".
  static const std::vector<std::string_view> kRanks = {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};
  static const std::vector<std::string_view> kSuits = {"clubs", "diamonds", "hearts", "spades"};
  for (std::size_t at = b.find(" of "); at != std::string_view::npos; at = b.find(" of ", at + 1)) {
    int suit = -1;
    std::size_t end = 0;
    for (std::size_t s = 0; s < kSuits.size(); ++s) {
      const std::size_t from = at + 4;
      if (b.compare(from, kSuits[s].size(), kSuits[s]) == 0 &&
          (from + kSuits[s].size() >= b.size() || !std::isalpha(static_cast<unsigned char>(b[from + kSuits[s].size()])))) {
        suit = static_cast<int>(s);
        end = from + kSuits[s].size();
      }
    }
    if (suit < 0) continue;
    for (std::size_t r = 0; r < kRanks.size(); ++r) {
      if (kRanks[r].size() > at) continue;
      const std::size_t from = at - kRanks[r].size();
      if (equal_ci_first(b, from, kRanks[r]) && starts_word(b, from)) {
        out.push_back({from, end, suit * 13 + static_cast<int>(r)});
        break;
      }
    }
  }
  for (std::size_t at = b.find("oker "); at != std::string_view::npos; at = b.find("oker ", at + 1)) {
    if (at == 0 || std::tolower(static_cast<unsigned char>(b[at - 1])) != 'j' || !starts_word(b, at - 1)) continue;
    const std::size_t d = at + 5;
    if (d >= b.size() || (b[d] != '1' && b[d] != '2')) continue;
    if (d + 1 < b.size() && std::isdigit(static_cast<unsigned char>(b[d + 1]))) continue;
    out.push_back({at - 1, d + 1, 51 + (b[d] - '0')});
  }
  std::sort(out.begin(), out.end(), [](const CardSeen& x, const CardSeen& y) { return x.at < y.at; });
  // The same card twice in a row (a card and its name beside it) is one sighting.
  std::vector<CardSeen> merged;
  for (const auto& c : out) {
    if (!merged.empty() && merged.back().card == c.card) continue;
    merged.push_back(c);
  }
  return merged;
}

std::vector<Hit> scan(std::string_view bytes, const Secrets& secrets, std::size_t deck_run) {
  std::vector<Hit> hits;
  Texts texts;
  pb::Envelope env;
  const bool words = std::any_of(secrets.items.begin(), secrets.items.end(), [](const Secret& s) { return s.match == Match::kWord; });
  if (words && env.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    collect_texts(env, texts);
  } else if (words) {
    texts.all.push_back({bytes, false});  // not a message: all of it is text
  }
  for (const Secret& s : secrets.items) {
    if (s.match != Match::kWord) {
      const std::size_t at = find(bytes, s.needle, s.match);
      if (at != std::string_view::npos) hits.push_back({s.kind, s.what, s.needle, at, context_of(bytes, at, s.needle.size())});
      continue;
    }
    const Text* in_line = nullptr;
    const Text* elsewhere = nullptr;
    std::size_t in_texts = 0;
    std::size_t at_line = 0, at_elsewhere = 0;
    std::vector<std::uint64_t> line_seqs;
    for (const Text& t : texts.all) {
      const std::size_t n = count(t.s, s.needle, Match::kWord);
      if (n == 0) continue;
      in_texts += n;
      if (t.log_line) {
        line_seqs.push_back(t.seq);
        if (!in_line) {
          in_line = &t;
          at_line = find(t.s, s.needle, Match::kWord);
        }
      } else if (!elsewhere) {
        elsewhere = &t;
        at_elsewhere = find(t.s, s.needle, Match::kWord);
      }
    }
    if (elsewhere) {
      hits.push_back({s.kind, s.what, s.needle, at_elsewhere, "in a text: " + context_of(elsewhere->s, at_elsewhere, s.needle.size())});
      continue;
    }
    // More whole-word places in the raw bytes than in the texts: somewhere no field says it is text.
    if (s.needle.size() >= 6 && count(bytes, s.needle, Match::kWord) > in_texts) {
      const std::size_t at = find(bytes, s.needle, Match::kWord);
      hits.push_back({s.kind, s.what, s.needle, at, "in the bytes: " + context_of(bytes, at, s.needle.size())});
      continue;
    }
    if (in_line) {
      Hit h{s.kind, s.what, s.needle, at_line,
            "in the log line of event " + std::to_string(in_line->seq) + ": " + context_of(in_line->s, at_line, s.needle.size())};
      h.log_line_only = true;
      h.line_seqs = std::move(line_seqs);
      hits.push_back(std::move(h));
    }
  }
  if (deck_run < 2 || secrets.deck.size() < deck_run) return hits;
  const std::vector<CardSeen> seen = cards_in(bytes);
  if (seen.size() < deck_run) return hits;
  std::multimap<int, std::size_t> where;  // card -> places in the draw order
  for (std::size_t j = 0; j < secrets.deck.size(); ++j) where.emplace(card_index(secrets.deck[j]), j);
  const auto n = static_cast<std::ptrdiff_t>(secrets.deck.size());
  for (std::size_t i = 0; i + deck_run <= seen.size(); ++i) {
    const auto [lo, hi] = where.equal_range(seen[i].card);
    for (auto it = lo; it != hi; ++it) {
      for (const int dir : {1, -1}) {
        std::size_t k = 1;
        for (; k < deck_run; ++k) {
          const auto j = static_cast<std::ptrdiff_t>(it->second) + dir * static_cast<std::ptrdiff_t>(k);
          if (j < 0 || j >= n) break;
          if (seen[i + k].at > seen[i + k - 1].end + 256) break;
          if (seen[i + k].card != card_index(secrets.deck[static_cast<std::size_t>(j)])) break;
        }
        if (k < deck_run) continue;
        std::string cards;
        for (std::size_t c = 0; c < deck_run; ++c) cards += (c ? ", " : "") + std::to_string(seen[i + c].card);
        hits.push_back({Kind::kDeck,
                        std::to_string(deck_run) + " cards not yet drawn, in " + (dir > 0 ? "drawing" : "reverse") +
                            " order from place " + std::to_string(it->second) + " (cards " + cards + ")",
                        "", seen[i].at, context_of(bytes, seen[i].at, seen[i + deck_run - 1].end - seen[i].at)});
        return hits;
      }
    }
  }
  return hits;
}

Secrets hidden_from(const Game& game, const pb::View& gm_view, const pb::View& v, const std::string& viewer) {
  Secrets out;
  const bool gm = viewer == "gm";
  std::set<std::string> seen_ids, seen_names;
  for (const auto& u : v.units()) {
    seen_ids.insert(u.id());
    seen_names.insert(u.name());
  }
  // The public table's words (scenario, briefing, terrain names, sides): a name they use is no
  // secret of a unit's.
  std::string table = server::static_table_of(v);
  for (const auto& s : v.sides()) table += "|" + s.name();
  const auto viewer_points = points_of(v, true);
  if (!gm) {
    for (const auto& u : gm_view.units()) {
      if (seen_ids.count(u.id())) continue;
      const std::string what = "hidden unit " + u.id() + " (" + u.name() + ")";
      out.add({Kind::kUnitId, Match::kWord, u.id(), what});
      if (!u.name().empty() && !seen_names.count(u.name()) && !word_in(table, u.name())) {
        out.add({Kind::kUnitName, Match::kWord, u.name(), what});
      }
      for (const auto& f : u.figures()) {
        if (!f.id().empty() && !seen_ids.count(f.id())) out.add({Kind::kFigureId, Match::kWord, f.id(), what + ", figure " + f.id()});
      }
    }
    std::map<std::string, std::string> outlines;  // the viewer's features: outline -> kind
    std::set<std::string> kinds;
    for (const auto& t : v.terrain()) {
      outlines.emplace(outline_of(t), t.kind());
      kinds.insert(t.kind());
    }
    for (const auto& t : gm_view.terrain()) {
      const auto it = outlines.find(outline_of(t));
      if (it == outlines.end()) {
        if (!t.name().empty() && !seen_names.count(t.name()) && !word_in(table, t.name())) {
          out.add({Kind::kFeatureName, Match::kWord, t.name(), "hidden feature '" + t.name() + "' (" + t.kind() + ")"});
        }
      } else if (it->second != t.kind() && !kinds.count(t.kind())) {
        out.add({Kind::kFeatureKind, Match::kWord, t.kind(),
                 "the kind of feature '" + t.name() + "': " + t.kind() + ", shown to " + viewer + " as " + it->second});
      }
    }
    for (const auto& [needle, where] : points_of(gm_view, false)) {
      if (!viewer_points.count(needle)) out.add({Kind::kPosition, Match::kBytes, needle, "the point of " + where + " in the GM's View"});
    }
  }
  if (const auto* bgs = dynamic_cast<const bg::BgState*>(&game.state())) {
    add_battleground(*bgs, viewer, seen_names, table, viewer_points, out);
  } else if (const auto* rrs = dynamic_cast<const rr::RrState*>(&game.state())) {
    add_rookie(*rrs, out);
  }
  if (!game.over()) {
    if (game.state().dice_scheme.empty()) {
      add_seed(out, game.state().seed);
    } else {
      // Scheme 2: the secret, raw and in hex; the seed (0) says nothing.
      const std::string& secret = game.state().secret;
      out.add({Kind::kSeed, Match::kBytes, secret, "the dice secret's 32 bytes"});
      out.add({Kind::kSeed, Match::kBytes, hex(secret), "the dice secret in hex"});
    }
    add_generator(out, game.state().rng, "the dice generator");
  }
  out.finish();
  return out;
}

std::string string_field(const std::string& s) { return varint(s.size()) + s; }

std::string point_needle(const pb::Point& p) {
  const std::string bytes = p.SerializeAsString();
  if (bytes.empty()) return "";
  // Both coordinates: the 18 bytes say it wherever the point is. One of them 0: the message's
  // length too, so a point sharing the other coordinate does not match.
  return p.x() != 0 && p.y() != 0 ? bytes : varint(bytes.size()) + bytes;
}

std::string printable(std::string_view bytes) {
  std::string out;
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out.push_back(static_cast<char>(c));
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

}  // namespace sandtable::testing::secrets
