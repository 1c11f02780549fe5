// Clubs and campaigns through the real server (issue 20, docs/campaigns.md): a founder becomes
// the club's GM, members sign up from personal links (Argon2id at rest, links and sessions kept
// only as hashes), sign in and out with a cookie, and sign-in guessing is cut off; a campaign's
// battles are rooms whose seats its members get, the second battle starts with the losses the
// first left (as GM edits in its log), and the standings follow the results, over a restart.
#include <sqlite3.h>

#include <gtest/gtest.h>

#include <map>

#include "tests/server/club_client.h"
#include "tests/server/server_process.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

using namespace std::chrono_literals;

class ClubServerTest : public ::testing::Test {
 protected:
  void SetUp() override { start(); }
  void start() {
    server_ = std::make_unique<ServerProcess>(
        SANDTABLE_SERVER_BINARY, db(),
        std::vector<std::string>{"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--threads", "2",
                                 "--max-per-address", "0", "--rooms-per-minute", "0"});
  }
  std::string db() const { return dir_.path + "/club.db"; }
  ClubClient client() { return ClubClient{server_->port(), "", ""}; }

  // Founds a club; its GM signed up and signed in.
  ClubClient found(pb::ClubCreated* created) {
    ClubClient gm = client();
    pb::CreateClub req;
    req.set_name("Tuesday Club");
    req.set_gm_name("Gwen");
    *created = gm.ok<pb::ClubCreated>("POST", "/api/club/create", &req);
    accept(gm, created->gm().token(), "gwen's long password");
    return gm;
  }
  pb::SignedIn accept(ClubClient& c, const std::string& token, const std::string& password) {
    pb::AcceptInvitation a;
    a.set_token(token);
    a.set_password(password);
    return c.ok<pb::SignedIn>("POST", "/api/club/invitation/accept", &a);
  }
  // A new member invited by the GM and signed up in their own browser.
  ClubClient member(ClubClient& gm, const std::string& name, pb::Member* out) {
    pb::InviteMember inv;
    inv.set_name(name);
    const auto invitation = gm.ok<pb::Invitation>("POST", "/api/club/invite", &inv);
    ClubClient c = client();
    *out = accept(c, invitation.token(), name + "'s long password").member();
    return c;
  }
  std::string column(const std::string& sql) {
    sqlite3* h = nullptr;
    EXPECT_EQ(sqlite3_open_v2(db().c_str(), &h, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
      while (sqlite3_step(st) == SQLITE_ROW) out += std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 0))) + "\n";
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return out;
  }

  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(ClubServerTest, AFounderInvitesMembersWhoSignUpSignInAndOut) {
  pb::ClubCreated created;
  ClubClient gm = found(&created);
  EXPECT_TRUE(created.gm().member().gm());
  EXPECT_EQ(created.gm().url(), "http://127.0.0.1:" + std::to_string(server_->port()) + "/?invite=" + created.gm().token());
  const auto me = gm.ok<pb::Dashboard>("GET", "/api/club/me");
  EXPECT_EQ(me.club().name(), "Tuesday Club");
  EXPECT_EQ(me.me().name(), "Gwen");
  EXPECT_TRUE(me.me().gm());
  EXPECT_TRUE(me.me().signed_up());

  // The link is used up; a second use and a made-up one are the same refusal.
  ClubClient stranger = client();
  pb::AcceptInvitation again;
  again.set_token(created.gm().token());
  again.set_password("another long password");
  EXPECT_EQ(stranger.call("POST", "/api/club/invitation/accept", &again).error, "BAD_INVITATION");
  EXPECT_EQ(stranger.call("GET", "/api/club/invitation?token=" + created.gm().token()).error, "BAD_INVITATION");
  EXPECT_EQ(stranger.call("GET", "/api/club/me").status, 401u);

  pb::InviteMember inv;
  inv.set_name("Anna");
  const auto invitation = gm.ok<pb::Invitation>("POST", "/api/club/invite", &inv);
  EXPECT_EQ(gm.call("POST", "/api/club/invite", &inv).error, "NAME_TAKEN");
  const auto info = stranger.ok<pb::InvitationInfo>("GET", "/api/club/invitation?token=" + invitation.token());
  EXPECT_EQ(info.member().name(), "Anna");
  EXPECT_EQ(info.club().name(), "Tuesday Club");
  pb::AcceptInvitation weak;
  weak.set_token(invitation.token());
  weak.set_password("short");
  EXPECT_EQ(stranger.call("POST", "/api/club/invitation/accept", &weak).error, "WEAK_PASSWORD");
  ClubClient anna = client();
  const ClubReply signed_up = [&] {
    pb::AcceptInvitation a;
    a.set_token(invitation.token());
    a.set_password("anna's long password");
    return anna.call("POST", "/api/club/invitation/accept", &a);
  }();
  ASSERT_EQ(signed_up.status, 200u) << signed_up.body;
  EXPECT_NE(signed_up.set_cookie.find("HttpOnly"), std::string::npos) << signed_up.set_cookie;
  EXPECT_NE(signed_up.set_cookie.find("SameSite=Lax"), std::string::npos) << signed_up.set_cookie;
  EXPECT_EQ(anna.ok<pb::Dashboard>("GET", "/api/club/me").me().name(), "Anna");
  // A member who is not the GM invites nobody.
  pb::InviteMember by_anna;
  by_anna.set_name("Carl");
  EXPECT_EQ(anna.call("POST", "/api/club/invite", &by_anna).error, "GM_ONLY");

  // At rest: an Argon2id string, and no link or session in the clear.
  const std::string hashes = column("SELECT password_hash FROM members WHERE name='Anna'");
  EXPECT_EQ(hashes.rfind("$argon2id$", 0), 0u) << hashes;
  EXPECT_EQ(column("SELECT token_hash FROM invitations").find(invitation.token()), std::string::npos);
  EXPECT_EQ(column("SELECT token_hash FROM member_sessions").find(anna.cookie), std::string::npos);

  // Sign in on a second browser; a wrong password and a name nobody has get the same answer.
  ClubClient phone = client();
  pb::SignIn in;
  in.set_club_id(created.club().id());
  in.set_name("Anna");
  in.set_password("not anna's password");
  const ClubReply wrong = phone.call("POST", "/api/club/signin", &in);
  in.set_name("Nobody");
  const ClubReply nobody = phone.call("POST", "/api/club/signin", &in);
  EXPECT_EQ(wrong.error, "BAD_SIGN_IN");
  EXPECT_EQ(wrong.body, nobody.body);
  in.set_name("Anna");
  in.set_password("anna's long password");
  EXPECT_EQ(phone.ok<pb::SignedIn>("POST", "/api/club/signin", &in).member().name(), "Anna");
  EXPECT_EQ(phone.call("GET", "/api/club/me").status, 200u);

  // Signing out ends this browser's session; everywhere ends the other's too.
  pb::SignOut out;
  const std::string phone_cookie = phone.cookie;
  EXPECT_EQ(phone.call("POST", "/api/club/signout", &out).status, 200u);
  EXPECT_EQ(phone.cookie, "");
  phone.cookie = phone_cookie;
  EXPECT_EQ(phone.call("GET", "/api/club/me").status, 401u) << "an ended session is not revived by its old cookie";
  EXPECT_EQ(anna.call("GET", "/api/club/me").status, 200u);
  EXPECT_EQ(phone.ok<pb::SignedIn>("POST", "/api/club/signin", &in).member().name(), "Anna");
  out.set_everywhere(true);
  EXPECT_EQ(anna.call("POST", "/api/club/signout", &out).status, 200u);
  EXPECT_EQ(phone.call("GET", "/api/club/me").status, 401u);

  // A page of another site cannot act for a member.
  ClubClient elsewhere = gm;
  elsewhere.origin = "https://evil.example";
  EXPECT_EQ(elsewhere.call("POST", "/api/club/invite", &by_anna).error, "FORBIDDEN_ORIGIN");
}

TEST_F(ClubServerTest, GuessingAPasswordIsCutOff) {
  pb::ClubCreated created;
  ClubClient gm = found(&created);
  pb::Member anna_m;
  member(gm, "Anna", &anna_m);
  ClubClient guesser = client();
  pb::SignIn in;
  in.set_club_id(created.club().id());
  in.set_name("Anna");
  int refused = 0, cut_off = 0;
  for (int i = 0; i < 25; ++i) {
    in.set_password("guess number " + std::to_string(i));
    const auto r = guesser.call("POST", "/api/club/signin", &in);
    refused += r.error == "BAD_SIGN_IN";
    cut_off += r.error == "TOO_MANY_SIGN_INS";
  }
  EXPECT_EQ(refused, 10) << "the name's burst of failures";
  EXPECT_EQ(cut_off, 15);
  in.set_password("Anna's long password");
  EXPECT_EQ(guesser.call("POST", "/api/club/signin", &in).error, "TOO_MANY_SIGN_INS") << "even the right password waits";
}

pb::Command gm_order(const std::function<void(pb::GmEdit&)>& fill) {
  pb::Command c;
  c.set_seat("gm");
  auto* e = c.mutable_gm()->mutable_edit();
  e->set_reason("the test");
  fill(*e);
  return c;
}

std::string token_in(const std::string& url) { return url.substr(url.find("token=") + 6); }

TEST_F(ClubServerTest, ACampaignCarriesTheFirstBattlesLossesIntoTheSecondAndKeepsTheStandings) {
  pb::ClubCreated created;
  ClubClient gm = found(&created);
  pb::Member anna_m, ben_m;
  ClubClient anna = member(gm, "Anna", &anna_m);
  ClubClient ben = member(gm, "Ben", &ben_m);

  pb::CreateCampaign cc;
  cc.set_name("Summer of 1866");
  cc.set_ruleset("portable-wargame-19c");
  cc.add_side_names("Prussia");
  cc.add_side_names("Austria");
  pb::Campaign c = gm.ok<pb::Campaign>("POST", "/api/club/campaign/create", &cc);
  ASSERT_EQ(c.sides_size(), 2);
  EXPECT_EQ(c.win_points(), 3);
  EXPECT_EQ(anna.call("POST", "/api/club/campaign/create", &cc).error, "GM_ONLY");
  for (const auto& [m, side] : {std::pair{anna_m.id(), c.sides(0).id()}, std::pair{ben_m.id(), c.sides(1).id()}}) {
    pb::AssignMember a;
    a.set_campaign_id(c.id());
    a.set_member_id(m);
    a.set_side(side);
    c = gm.ok<pb::Campaign>("POST", "/api/club/campaign/assign", &a);
  }
  pb::AddBattle first;
  first.set_campaign_id(c.id());
  first.set_name("Podol");
  first.set_scenario_id("pw-meeting-engagement");
  c = gm.ok<pb::Campaign>("POST", "/api/club/campaign/battle", &first);
  ASSERT_EQ(c.battles_size(), 1);
  pb::AddBattle second = first;
  second.set_name("Gitschin");
  second.set_follows(c.battles(0).id());
  c = gm.ok<pb::Campaign>("POST", "/api/club/campaign/battle", &second);
  ASSERT_EQ(c.battles_size(), 2);
  const std::string b1 = c.battles(0).id(), b2 = c.battles(1).id();
  pb::AddBattle other = first;
  other.set_scenario_id("bg-village-assault");
  EXPECT_EQ(gm.call("POST", "/api/club/campaign/battle", &other).error, "OTHER_RULESET");

  pb::OpenBattle open2;
  open2.set_battle_id(b2);
  EXPECT_EQ(gm.call("POST", "/api/club/battle/open", &open2).error, "PREVIOUS_NOT_OVER");
  pb::OpenBattle open1;
  open1.set_battle_id(b1);
  c = gm.ok<pb::Campaign>("POST", "/api/club/battle/open", &open1);
  EXPECT_EQ(c.battles(0).status(), "playing");
  EXPECT_FALSE(c.battles(0).room_id().empty());

  // Each member's dashboard lists the battle; the link it gives is their side's seat.
  const auto anna_board = anna.ok<pb::Dashboard>("GET", "/api/club/me");
  ASSERT_EQ(anna_board.games_size(), 1);
  EXPECT_EQ(anna_board.games(0).side(), c.sides(0).id());
  pb::JoinBattle join1;
  join1.set_battle_id(b1);
  const auto anna_seat = anna.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &join1);
  EXPECT_EQ(anna_seat.seat(), "blue");
  const auto ben_seat = ben.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &join1);
  EXPECT_EQ(ben_seat.seat(), "red");
  {
    Seat a(server_->port(), token_in(anna_seat.url()));
    EXPECT_EQ(a.welcome.seat(), "blue");
  }
  // A second link for the same member replaces the first.
  const auto anna_again = anna.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &join1);
  EXPECT_NE(anna_again.url(), anna_seat.url());
  {
    WsClient old(server_->port());
    pb::Envelope hello;
    hello.mutable_hello()->set_token(token_in(anna_seat.url()));
    old.send(hello);
    const auto r = old.recv();
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->has_error() && r->error().code() == "TOKEN_REVOKED") << r->ShortDebugString();
  }

  // The GM seats the bots on both sides; they play the battle to its end.
  const auto gm_seat = gm.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &join1);
  EXPECT_EQ(gm_seat.seat(), "gm");
  Seat table(server_->port(), token_in(gm_seat.url()));
  for (const char* side : {"blue", "red"}) {
    pb::Envelope r;
    for (int attempt = 0; attempt < 5; ++attempt) {
      table.drain();
      r = table.order(gm_order([&](pb::GmEdit& e) {
        e.mutable_seat_bot()->set_side(side);
        e.mutable_seat_bot()->set_bot(true);
      }));
      if (!r.has_order_rejected() || r.order_rejected().rejection().code() != "STALE_SEQUENCE") break;
    }
    ASSERT_TRUE(r.has_order_accepted()) << r.ShortDebugString();
  }
  for (int i = 0; i < 1200 && !table.view.result().over(); ++i) table.drain(50ms);
  ASSERT_TRUE(table.view.result().over());
  const std::string winner = table.view.result().winner();

  c = gm.ok<pb::Campaign>("GET", "/api/club/campaign?id=" + c.id());
  EXPECT_EQ(c.battles(0).status(), "over");
  const std::map<std::string, std::string> side_of{{"blue", c.sides(0).id()}, {"red", c.sides(1).id()}};
  const std::string winning = winner.empty() ? "" : side_of.at(winner);
  EXPECT_EQ(c.battles(0).winner(), winning);
  ASSERT_EQ(c.sides_standing_size(), 2);
  ASSERT_EQ(c.members_standing_size(), 2);
  for (const auto& st : c.sides_standing()) {
    EXPECT_EQ(st.played(), 1);
    if (winning.empty()) {
      EXPECT_EQ(st.drawn(), 1);
      EXPECT_EQ(st.points(), 1);
    } else {
      EXPECT_EQ(st.won(), st.id() == winning ? 1 : 0);
      EXPECT_EQ(st.points(), st.id() == winning ? 3 : 0);
    }
  }
  if (!winning.empty()) {
    EXPECT_EQ(c.sides_standing(0).id(), winning) << "the leader first";
    EXPECT_EQ(c.members_standing(0).id(), winning == c.sides(0).id() ? anna_m.id() : ben_m.id());
    EXPECT_EQ(c.members_standing(0).points(), 3);
  }

  // The second battle opens with the first's losses, as GM edits in its log.
  c = gm.ok<pb::Campaign>("POST", "/api/club/battle/open", &open2);
  const pb::Battle& second_battle = c.battles(1);
  ASSERT_GT(second_battle.carried_size(), 0) << "a bot battle costs somebody something";
  pb::JoinBattle join2;
  join2.set_battle_id(b2);
  // Joined as from seq 1: the catch-up carries the log's lines since the start.
  Seat anna2(server_->port(), token_in(anna.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &join2).url()), 1,
             second_battle.room_id());
  std::map<std::string, int> strength;
  for (const auto& u : anna2.view.units()) strength[u.id()] = u.strength();
  int edits = 0;
  for (const auto& e : anna2.events) edits += e.text().find("what \"Podol\" left") != std::string::npos;
  for (const auto& cu : second_battle.carried()) {
    SCOPED_TRACE(cu.unit_id());
    if (cu.side() != "blue") continue;  // the other side's units are Anna's to see only where visible
    if (cu.removed()) {
      EXPECT_EQ(strength.count(cu.unit_id()), 0u);
    } else {
      EXPECT_LT(cu.after(), cu.before());
      EXPECT_EQ(strength[cu.unit_id()], cu.after());
    }
  }
  EXPECT_EQ(edits, second_battle.carried_size()) << "every carried loss is a line in the log";

  // Everything is still there after a restart, sessions included.
  server_->stop();
  start();
  anna.port = gm.port = server_->port();
  const auto after = anna.ok<pb::Dashboard>("GET", "/api/club/me");
  ASSERT_EQ(after.campaigns_size(), 1);
  EXPECT_EQ(after.campaigns(0).battles(0).status(), "over");
  EXPECT_EQ(after.campaigns(0).battles(1).status(), "playing");
  EXPECT_EQ(after.campaigns(0).battles(1).carried_size(), second_battle.carried_size());
  EXPECT_EQ(after.games_size(), 2);
  EXPECT_EQ(after.campaigns(0).sides_standing(0).SerializeAsString(), c.sides_standing(0).SerializeAsString());

  // Anna goes over to Austria: the link the club gave her for Prussia's seat stops working, and the
  // battle's next link is Austria's seat.
  const std::string prussian = token_in(anna.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &join2).url());
  pb::AssignMember move;
  move.set_campaign_id(c.id());
  move.set_member_id(anna_m.id());
  move.set_side(c.sides(1).id());
  gm.ok<pb::Campaign>("POST", "/api/club/campaign/assign", &move);
  {
    WsClient old(server_->port());
    pb::Envelope hello;
    hello.mutable_hello()->set_token(prussian);
    old.send(hello);
    const auto r = old.recv();
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->has_error() && r->error().code() == "TOKEN_REVOKED") << r->ShortDebugString();
  }
  EXPECT_EQ(anna.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &join2).seat(), "red");
}

}  // namespace
}  // namespace sandtable::testing
