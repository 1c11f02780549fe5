// The club store in SQLite (issue 20, docs/campaigns.md): what the club service relies on it for,
// on a real file migrated by the rooms' storage: names unique in a club, an invitation used once
// and replaced by the next, sessions ended one by one or all together and expired by time,
// campaigns kept whole and listed per club, a member's last battle link replaced.
#include <gtest/gtest.h>

#include "server/sqlite_club_store.h"
#include "server/sqlite_storage.h"
#include "tests/server/server_process.h"

namespace sandtable::server {
namespace {

struct Fixture {
  testing::TempDir dir;
  std::string path = dir.path + "/clubs.db";
  SqliteStorage rooms{path};  // migrates the file
  SqliteClubStore store{path};
};

pb::Club club(const char* id, const char* name) {
  pb::Club c;
  c.set_id(id);
  c.set_name(name);
  return c;
}

TEST(ClubStore, MembersInvitationsAndSessions) {
  Fixture f;
  f.store.create_club(club("c1", "Tuesday"), MemberRow{"gm1", "c1", "Gwen", true, "", 1}, "inv-gm", 1);
  f.store.create_club(club("c2", "Thursday"), MemberRow{"gm2", "c2", "Hal", true, "", 1}, "inv-gm2", 1);
  ASSERT_TRUE(f.store.club("c1"));
  EXPECT_EQ(f.store.club("c1")->name(), "Tuesday");
  EXPECT_EQ(f.store.club("c1")->webhook_kind(), "json");
  EXPECT_FALSE(f.store.club("nope"));

  EXPECT_TRUE(f.store.add_member(MemberRow{"m1", "c1", "Anna", false, "", 2}, "inv-a1", 2));
  EXPECT_FALSE(f.store.add_member(MemberRow{"m9", "c1", "Anna", false, "", 3}, "inv-x", 3)) << "a name once per club";
  EXPECT_FALSE(f.store.invitation("inv-x")) << "nothing of a refused member is written";
  EXPECT_TRUE(f.store.add_member(MemberRow{"m2", "c2", "Anna", false, "", 3}, "inv-b", 3)) << "another club's Anna";
  EXPECT_EQ(f.store.members("c1").size(), 2u);
  EXPECT_EQ(f.store.member_by_name("c2", "Anna")->id, "m2");

  // A new invitation replaces the old; accepting uses it up and opens a session.
  f.store.replace_invitation("m1", "inv-a2", 4);
  EXPECT_FALSE(f.store.invitation("inv-a1"));
  EXPECT_EQ(*f.store.invitation("inv-a2"), "m1");
  EXPECT_TRUE(f.store.accept_invitation("inv-a2", "m1", "$argon2id$hash", "s1", 5, 1000));
  EXPECT_FALSE(f.store.accept_invitation("inv-a2", "m1", "$argon2id$other", "s2", 6, 1000)) << "used once";
  EXPECT_EQ(f.store.member("m1")->password_hash, "$argon2id$hash");
  EXPECT_EQ(*f.store.session("s1", 500), "m1");
  EXPECT_FALSE(f.store.session("s2", 500));
  EXPECT_FALSE(f.store.session("s1", 1000)) << "expired";

  f.store.add_session("s3", "m1", 10, 5000);
  f.store.add_session("s4", "m1", 10, 5000);
  f.store.end_session("s3");
  EXPECT_FALSE(f.store.session("s3", 20));
  EXPECT_TRUE(f.store.session("s4", 20));
  f.store.end_sessions("m1");
  EXPECT_FALSE(f.store.session("s4", 20));

  f.store.set_webhook("c1", "https://example.org/hook", "discord");
  EXPECT_EQ(f.store.club("c1")->webhook_url(), "https://example.org/hook");
  EXPECT_EQ(f.store.club("c1")->webhook_kind(), "discord");
  EXPECT_EQ(f.store.club("c2")->webhook_url(), "");
}

TEST(ClubStore, CampaignsAndBattleLinks) {
  Fixture f;
  f.store.create_club(club("c1", "Tuesday"), MemberRow{"gm1", "c1", "Gwen", true, "", 1}, "inv-gm", 1);
  f.store.create_club(club("c2", "Thursday"), MemberRow{"gm2", "c2", "Hal", true, "", 1}, "inv-gm2", 1);
  pb::Campaign a;
  a.set_id("k1");
  a.set_name("Summer");
  a.add_sides()->set_id("side-1");
  auto* b = a.add_battles();
  b->set_id("b1");
  b->set_room_id("");
  f.store.put_campaign("c1", a, 10);
  pb::Campaign other;
  other.set_id("k2");
  other.set_name("Winter");
  f.store.put_campaign("c2", other, 11);
  b->set_room_id("r1");  // the battle opened: the campaign is stored again, whole
  f.store.put_campaign("c1", a, 12);
  std::string owner;
  const auto back = f.store.campaign("k1", &owner);
  ASSERT_TRUE(back);
  EXPECT_EQ(owner, "c1");
  EXPECT_EQ(back->SerializeAsString(), a.SerializeAsString());
  ASSERT_EQ(f.store.campaigns("c1").size(), 1u);
  EXPECT_EQ(f.store.campaigns("c2").front().name(), "Winter");
  EXPECT_EQ(f.store.all_campaigns().size(), 2u);

  EXPECT_FALSE(f.store.battle_seat("b1", "gm1"));
  f.store.set_battle_seat("b1", "gm1", "h1");
  f.store.set_battle_seat("b1", "gm1", "h2");
  EXPECT_EQ(*f.store.battle_seat("b1", "gm1"), "h2");
}

}  // namespace
}  // namespace sandtable::server
