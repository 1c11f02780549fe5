#pragma once
// Who reads which chat channel: players the players', spectators the spectators', the GM both.
#include "sandtable/v1/protocol.pb.h"

namespace sandtable::server {

namespace pb = ::sandtable::v1;

inline bool reads_channel(pb::Role role, pb::ChatChannel channel) {
  if (role == pb::ROLE_GM) return true;
  if (role == pb::ROLE_PLAYER) return channel == pb::CHAT_CHANNEL_PLAYERS;
  if (role == pb::ROLE_SPECTATOR) return channel == pb::CHAT_CHANNEL_SPECTATORS;
  return false;
}

}  // namespace sandtable::server
