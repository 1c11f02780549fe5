// "Your turn" notices (issue 20, docs/campaigns.md "Notices"), through the real server to a
// webhook receiver in the test: the GM's test notice, the body of a notice when a battle waits on
// a side whose members are away (once per side and turn), a notice the receiver fails taken again
// after the backoff, and the Discord-compatible body.
#include <google/protobuf/util/json_util.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <gtest/gtest.h>
#include <mutex>
#include <thread>

#include "tests/server/club_client.h"
#include "tests/server/server_process.h"
#include "tests/server/test_support.h"

namespace sandtable::testing {
namespace {

namespace net = boost::asio;
namespace http = boost::beast::http;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;

// A webhook receiver on loopback: records every body posted, answers 500 to the first `fail`
// requests and 204 to the rest.
class Receiver {
 public:
  explicit Receiver(int fail) : fail_(fail), acceptor_(io_, {net::ip::make_address("127.0.0.1"), 0}) {
    thread_ = std::thread([this] { run(); });
  }
  ~Receiver() {
    stopping_ = true;
    boost::system::error_code ec;
    // Wake the accept with a connection of our own.
    tcp::socket poke(io_);
    poke.connect(acceptor_.local_endpoint(), ec);
    thread_.join();
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }
  // The bodies received so far, once at least `n` are in (or after `wait`).
  std::vector<std::string> bodies(std::size_t n, std::chrono::milliseconds wait = 10s) {
    std::unique_lock lock(mu_);
    cv_.wait_for(lock, wait, [&] { return bodies_.size() >= n; });
    return bodies_;
  }

 private:
  void run() {
    while (!stopping_) {
      tcp::socket s(io_);
      boost::system::error_code ec;
      acceptor_.accept(s, ec);
      if (ec || stopping_) continue;
      boost::beast::flat_buffer buffer;
      http::request<http::string_body> req;
      http::read(s, buffer, req, ec);
      if (ec) continue;
      int answered;
      {
        std::lock_guard lock(mu_);
        bodies_.push_back(req.body());
        answered = static_cast<int>(bodies_.size());
      }
      cv_.notify_all();
      http::response<http::string_body> res(answered <= fail_ ? http::status::internal_server_error : http::status::no_content, 11);
      res.keep_alive(false);
      res.prepare_payload();
      http::write(s, res, ec);
    }
  }
  int fail_;
  net::io_context io_;
  tcp::acceptor acceptor_;
  std::atomic<bool> stopping_{false};
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::string> bodies_;
  std::thread thread_;
};

template <class T>
T parse(const std::string& json) {
  T out;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(json, &out).ok()) << json;
  return out;
}

TEST(ClubNoticesTest, ABattleWaitingOnAbsentMembersNoticesTheClubsWebhookOncePerTurnAndRetries) {
  TempDir dir;
  ServerProcess server(SANDTABLE_SERVER_BINARY, dir.path + "/n.db",
                       {"--scenarios", std::string(SANDTABLE_SOURCE_DIR) + "/scenarios", "--threads", "2"});
  Receiver receiver(/*fail=*/1);  // the test notice is refused once, and taken again
  ClubClient gm{server.port(), "", ""};
  pb::CreateClub cc;
  cc.set_name("Notice Club");
  cc.set_gm_name("Gwen");
  const auto created = gm.ok<pb::ClubCreated>("POST", "/api/club/create", &cc);
  pb::AcceptInvitation a;
  a.set_token(created.gm().token());
  a.set_password("gwen's long password");
  gm.ok<pb::SignedIn>("POST", "/api/club/invitation/accept", &a);

  pb::SetWebhook bad;
  bad.set_url("ftp://example.org/hook");
  EXPECT_EQ(gm.call("POST", "/api/club/webhook", &bad).error, "BAD_WEBHOOK");
  pb::SetWebhook hook;
  hook.set_url("http://127.0.0.1:" + std::to_string(receiver.port()) + "/hook");
  hook.set_test(true);
  const auto club = gm.ok<pb::Club>("POST", "/api/club/webhook", &hook);
  EXPECT_EQ(club.webhook_kind(), "json");
  auto got = receiver.bodies(2);
  ASSERT_EQ(got.size(), 2u) << "the refused test notice is sent again after the backoff";
  EXPECT_EQ(got[0], got[1]);
  EXPECT_EQ(parse<pb::YourTurnNotice>(got[0]).event(), "test");

  // A member who is not the GM sees no webhook.
  pb::InviteMember inv;
  inv.set_name("Anna");
  const auto anna_inv = gm.ok<pb::Invitation>("POST", "/api/club/invite", &inv);
  ClubClient anna{server.port(), "", ""};
  a.set_token(anna_inv.token());
  a.set_password("anna's long password");
  const auto anna_in = anna.ok<pb::SignedIn>("POST", "/api/club/invitation/accept", &a);
  EXPECT_EQ(anna_in.club().webhook_url(), "");
  EXPECT_EQ(anna.ok<pb::Dashboard>("GET", "/api/club/me").club().webhook_url(), "");
  EXPECT_EQ(gm.ok<pb::Dashboard>("GET", "/api/club/me").club().webhook_url(), hook.url());

  pb::CreateCampaign camp;
  camp.set_name("Summer of 1866");
  camp.set_ruleset("portable-wargame-19c");
  camp.add_side_names("Prussia");
  camp.add_side_names("Austria");
  auto c = gm.ok<pb::Campaign>("POST", "/api/club/campaign/create", &camp);
  pb::AssignMember as;
  as.set_campaign_id(c.id());
  as.set_member_id(anna_in.member().id());
  as.set_side(c.sides(0).id());
  gm.ok<pb::Campaign>("POST", "/api/club/campaign/assign", &as);
  pb::AddBattle battle;
  battle.set_campaign_id(c.id());
  battle.set_name("Podol");
  battle.set_scenario_id("pw-meeting-engagement");
  c = gm.ok<pb::Campaign>("POST", "/api/club/campaign/battle", &battle);
  pb::OpenBattle open;
  open.set_battle_id(c.battles(0).id());
  c = gm.ok<pb::Campaign>("POST", "/api/club/battle/open", &open);

  // Nobody sits at the new table: a notice for each side the game waits on.
  got = receiver.bodies(3);
  ASSERT_GE(got.size(), 3u);
  const auto n = parse<pb::YourTurnNotice>(got[2]);
  EXPECT_EQ(n.event(), "your_turn");
  EXPECT_EQ(n.battle_name(), "Podol");
  EXPECT_EQ(n.campaign_name(), "Summer of 1866");
  EXPECT_EQ(n.room_id(), c.battles(0).room_id());
  EXPECT_EQ(n.turn(), 1);
  EXPECT_EQ(n.club().name(), "Notice Club");
  EXPECT_EQ(n.club().webhook_url(), "") << "the body does not repeat the webhook";
  EXPECT_EQ(n.url(), "http://127.0.0.1:" + std::to_string(server.port()) + "/?club=" + created.club().id());
  if (n.side_id() == c.sides(0).id()) {
    EXPECT_EQ(n.side_name(), "Prussia");
    ASSERT_EQ(n.members_size(), 1);
    EXPECT_EQ(n.members(0), "Anna");
    EXPECT_EQ(n.text(), "Anna: it is your turn in Podol (Summer of 1866), turn 1.");
  } else {
    EXPECT_EQ(n.side_name(), "Austria");
    EXPECT_EQ(n.members_size(), 0);
  }
  // Once per side and turn: nothing more while the game stands still, also when a member comes
  // and goes.
  const std::size_t so_far = receiver.bodies(100, 1500ms).size();
  {
    pb::JoinBattle j;
    j.set_battle_id(c.battles(0).id());
    const std::string url = anna.ok<pb::BattleSeat>("POST", "/api/club/battle/join", &j).url();
    Seat at_table(server.port(), url.substr(url.find("token=") + 6));
  }
  EXPECT_EQ(receiver.bodies(100, 1500ms).size(), so_far);

  // The Discord-compatible body.
  hook.set_kind("discord");
  gm.ok<pb::Club>("POST", "/api/club/webhook", &hook);
  got = receiver.bodies(so_far + 1);
  ASSERT_EQ(got.size(), so_far + 1);
  const auto d = parse<pb::DiscordMessage>(got.back());
  EXPECT_EQ(d.content().rfind("Sandtable: notices of Notice Club come here. http://127.0.0.1:", 0), 0u) << d.content();
}

}  // namespace
}  // namespace sandtable::testing
