#include "engine/geom/arcs.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace sandtable::geom {
namespace {

// sin(k * 0.5 degrees) for k = 0..180, each the correctly rounded double of the true value
// (generated with 200-bit mpmath; sin 30 = 0.5 and sin 90 = 1 are exact). This table, not any
// libm, defines every angle the engine uses, so results are bit-identical everywhere.
constexpr double kSinHalfDeg[181] = {
    0.0, 0x1.1df37c4954c21p-7, 0x1.1df0b2b89dd1ep-6, 0x1.ace214390ca91p-6,
    0x1.1de58c9f7dc27p-5, 0x1.65547c4694e11p-5, 0x1.acbc748efc90ep-5, 0x1.f41c1118aa2cdp-5,
    0x1.1db8f6d6a5128p-4, 0x1.415e532398e49p-4, 0x1.64fd6b8c28103p-4, 0x1.88958e488ed59p-4,
    0x1.ac2609b3c576cp-4, 0x1.cfae2c4ef6cf5p-4, 0x1.f32d44c4f62d3p-4, 0x1.0b5150f6da2d1p-3,
    0x1.1d06c968d9e19p-3, 0x1.2eb6b356bdd77p-3, 0x1.4060b67a85375p-3, 0x1.52047aaba33e3p-3,
    0x1.63a1a7e0b738ap-3, 0x1.7537e63143e2ep-3, 0x1.86c6ddd76624fp-3, 0x1.984e37318b216p-3,
    0x1.a9cd9ac4258f6p-3, 0x1.bb44b13b62571p-3, 0x1.ccb3236cdc675p-3, 0x1.de189a594fbccp-3,
    0x1.ef74bf2e4b91dp-3, 0x1.00639da3f1d77p-2, 0x1.0907dc1930690p-2, 0x1.11a6efd5f8139p-2,
    0x1.1a40add328e29p-2, 0x1.22d4eb2443163p-2, 0x1.2b637cf83d5c7p-2, 0x1.33ec389a5a81ep-2,
    0x1.3c6ef372fe950p-2, 0x1.44eb830883781p-2, 0x1.4d61bd000cddbp-2, 0x1.55d1771e5bab9p-2,
    0x1.5e3a8748a0bf5p-2, 0x1.669cc3854f11cp-2, 0x1.6ef801fced33cp-2, 0x1.774c18fae621cp-2,
    0x1.7f98deee59681p-2, 0x1.87de2a6aea963p-2, 0x1.901bd2298ffabp-2, 0x1.9851ad0960a5cp-2,
    0x1.a07f921061ad1p-2, 0x1.a8a5586c52ad3p-2, 0x1.b0c2d77379853p-2, 0x1.b8d7e6a56d476p-2,
    0x1.c0e45dabe05c8p-2, 0x1.c8e8145b69d44p-2, 0x1.d0e2e2b44de01p-2, 0x1.d8d4a0e345738p-2,
    0x1.e0bd274245078p-2, 0x1.e89c4e59427b1p-2, 0x1.f071eedefa0ecp-2, 0x1.f83de1b9b276ep-2,
    0.5, 0x1.03dc117cc3616p-1, 0x1.07b3120fddf13p-1, 0x1.0b84ee8f52e9dp-1,
    0x1.0f5193eacdd2ap-1, 0x1.1318ef2c01a5bp-1, 0x1.16daed770771dp-1, 0x1.1a977c0abc7a8p-1,
    0x1.1e4e88411fd12p-1, 0x1.21ffff8faf674p-1, 0x1.25abcf87c4978p-1, 0x1.2951e5d6f023cp-1,
    0x1.2cf2304755a5ep-1, 0x1.308c9cc006729p-1, 0x1.342119455beb6p-1, 0x1.37af93f9513eap-1,
    0x1.3b37fb1bdc939p-1, 0x1.3eba3d0b47a0ep-1, 0x1.4236484487abep-1, 0x1.45ac0b6394ee4p-1,
    0x1.491b7523c161dp-1, 0x1.4c8474600eeeep-1, 0x1.4fe6f81384fd4p-1, 0x1.5342ef598564fp-1,
    0x1.5698496e20bd8p-1, 0x1.59e6f5ae6a0a7p-1, 0x1.5d2ee398c9c2bp-1, 0x1.607002cd5031dp-1,
    0x1.63aa430e07310p-1, 0x1.66dd943f43372p-1, 0x1.6a09e667f3bcdp-1, 0x1.6d2f29b1f2f46p-1,
    0x1.704d4e6a54d39p-1, 0x1.73644501b56cdp-1, 0x1.7673fe0c86982p-1, 0x1.797c6a435ce85p-1,
    0x1.7c7d7a833bec2p-1, 0x1.7f771fcde1b9fp-1, 0x1.82694b4a11c37p-1, 0x1.8553ee43def13p-1,
    0x1.8836fa2cf5039p-1, 0x1.8b12609ce1384p-1, 0x1.8de613515a328p-1, 0x1.90b2042e87254p-1,
    0x1.9376253f463d1p-1, 0x1.963268b572492p-1, 0x1.98e6c0ea27a14p-1, 0x1.9b93205e08489p-1,
    0x1.9e3779b97f4a8p-1, 0x1.a0d3bfcd03513p-1, 0x1.a367e59158747p-1, 0x1.a5f3de27d13f2p-1,
    0x1.a8779cda8eea5p-1, 0x1.aaf3151cc0ccdp-1, 0x1.ad663a8ae2fdcp-1, 0x1.afd100eafc290p-1,
    0x1.b2335c2cda945p-1, 0x1.b48d406a50540p-1, 0x1.b6dea1e76eadep-1, 0x1.b9277512c0a91p-1,
    0x1.bb67ae8584caap-1, 0x1.bd9f4303e5fc2p-1, 0x1.bfce277d339c7p-1, 0x1.c1f4510c18b95p-1,
    0x1.c411b4f6d2708p-1, 0x1.c62648af65771p-1, 0x1.c83201d3d2c6dp-1, 0x1.ca34d62e4b6fap-1,
    0x1.cc2ebbb5638cap-1, 0x1.ce1fa88c445bbp-1, 0x1.d0079302dd767p-1, 0x1.d1e67196152bep-1,
    0x1.d3bc3aeff7f95p-1, 0x1.d588e5e7e7228p-1, 0x1.d74c6982c666fp-1, 0x1.d906bcf328d46p-1,
    0x1.dab7d7997cb58p-1, 0x1.dc5fb104369b2p-1, 0x1.ddfe40effb805p-1, 0x1.df937f47ca07cp-1,
    0x1.e11f642522d1cp-1, 0x1.e2a1e7d02fe9fp-1, 0x1.e41b02bfeb4cbp-1, 0x1.e58aad9a44824p-1,
    0x1.e6f0e134454ffp-1, 0x1.e84d9692357e1p-1, 0x1.e9a0c6e7bdb1fp-1, 0x1.eaea6b98095c0p-1,
    0x1.ec2a7e35e7b80p-1, 0x1.ed60f883ebe01p-1, 0x1.ee8dd4748bf15p-1, 0x1.efb10c2a3f40ep-1,
    0x1.f0ca99f79ba25p-1, 0x1.f1da785f71bcep-1, 0x1.f2e0a214e870fp-1, 0x1.f3dd11fb974b6p-1,
    0x1.f4cfc327a0080p-1, 0x1.f5b8b0ddc720fp-1, 0x1.f697d6938b6c2p-1, 0x1.f76d2fef3cc4bp-1,
    0x1.f838b8c811c17p-1, 0x1.f8fa6d263c772p-1, 0x1.f9b24942fe45cp-1, 0x1.fa604988bab1cp-1,
    0x1.fb046a930947ap-1, 0x1.fb9ea92ec689bp-1, 0x1.fc2f025a23e8bp-1, 0x1.fcb57344b6c57p-1,
    0x1.fd31f94f867c6p-1, 0x1.fda4920d197a6p-1, 0x1.fe0d3b41815a2p-1, 0x1.fe6bf2e2660afp-1,
    0x1.fec0b7170fff6p-1, 0x1.ff0b86387164ap-1, 0x1.ff4c5ed12e61dp-1, 0x1.ff833f9da45f7p-1,
    0x1.ffb0278bf0567p-1, 0x1.ffd315bbf4275p-1, 0x1.ffec097f5af8ap-1, 0x1.fffb02599c9cdp-1,
    1.0,
};

int mod(int a, int m) {
  int r = a % m;
  return r < 0 ? r + m : r;
}

// Unit vector of compass angle k * 0.5 degrees: (sin, cos), quadrant by exact symmetry.
Vec2 unit_for_half_degrees(int half_degrees) {
  const int h = mod(half_degrees, 720);
  const int q = h / 180;
  const int r = h % 180;
  const double s = kSinHalfDeg[r];
  const double c = kSinHalfDeg[180 - r];
  switch (q) {
    case 0: return {s, c};
    case 1: return {c, -s};
    case 2: return {-s, -c};
    default: return {-c, s};
  }
}

// v turned clockwise by the angle whose table sine/cosine are s, c.
Vec2 rotate_clockwise(Vec2 v, double s, double c) { return {v.x * c + v.y * s, v.y * c - v.x * s}; }

}  // namespace

double table_sin_half_degrees(int half_degrees) {
  // sin of compass angle = x of the unit vector.
  return unit_for_half_degrees(half_degrees).x;
}
double table_cos_half_degrees(int half_degrees) { return unit_for_half_degrees(half_degrees).y; }

Facing Facing::from_degrees(int degrees) { return from_half_degrees(mod(degrees, 360) * 2); }
Facing Facing::from_half_degrees(int half_degrees) { return Facing(unit_for_half_degrees(half_degrees)); }

Facing Facing::along(Vec2 v) {
  if (!is_finite(v)) throw std::invalid_argument("A facing direction must have finite coordinates.");
  const double len = length(v);
  if (len <= kEps) throw std::invalid_argument("A facing cannot point from a point to itself.");
  return Facing(v / len);
}

std::optional<Facing> Facing::restore(Vec2 forward) {
  if (!is_finite(forward) || !same_length(length(forward), 1.0)) return std::nullopt;
  return Facing(forward);
}

Facing Facing::turned_half_degrees(int half_degrees) const {
  const int h = mod(half_degrees, 720);
  return Facing(rotate_clockwise(u_, table_sin_half_degrees(h), table_cos_half_degrees(h)));
}

double Facing::degrees_for_display() const {
  constexpr double kPi = 3.14159265358979323846;
  double d = std::atan2(u_.x, u_.y) * 180.0 / kPi;
  if (d < 0) d += 360.0;
  return d >= 360.0 ? 0.0 : d;
}

double ahead_of(Vec2 centre, Facing facing, Vec2 p) { return dot(p - centre, facing.forward()); }

bool in_front(Vec2 centre, Facing facing, Vec2 p) { return ahead_of(centre, facing, p) > kEps; }
bool behind(Vec2 centre, Facing facing, Vec2 p) { return ahead_of(centre, facing, p) < -kEps; }

bool flank_attack(Vec2 target_centre, Facing target_facing, Vec2 shooter_centre) {
  return behind(target_centre, target_facing, shooter_centre);
}

bool in_arc(Vec2 apex, Facing facing, int width_degrees, Vec2 p) {
  if (width_degrees < 1 || width_degrees > 360)
    throw std::invalid_argument("An arc width must be 1 to 360 degrees, not " + std::to_string(width_degrees) + ".");
  if (width_degrees == 360) return true;
  // Edge rays: the facing turned by half the width either way (width degrees = half-width in
  // half-degree steps). Each test is a signed distance from an edge line through the apex.
  const Vec2 right_edge = facing.turned_half_degrees(width_degrees).forward();
  const Vec2 left_edge = facing.turned_half_degrees(-width_degrees).forward();
  const Vec2 d = p - apex;
  const bool inside_right = cross(right_edge, d) > kEps;  // anticlockwise of the right edge
  const bool inside_left = cross(left_edge, d) < -kEps;   // clockwise of the left edge
  return width_degrees <= 180 ? (inside_right && inside_left) : (inside_right || inside_left);
}

bool in_bow_arc(const Hull& hull, Vec2 p) { return in_arc(hull.front_edge_centre(), hull.facing, 90, p); }

Quadrant hull_quadrant(const Hull& hull, Vec2 p) {
  if (!(hull.length > 0) || !(hull.width > 0))
    throw std::invalid_argument("A hull needs a positive length and width.");
  const Vec2 d = p - hull.centre;
  const double f = dot(d, hull.facing.forward());
  const double s = std::fabs(dot(d, hull.facing.right()));
  // Signed distance from the diagonal through the front (or rear) corners, in local (s, f)
  // coordinates: the diagonal has direction (width/2, length/2).
  const double norm = std::sqrt(hull.width * hull.width + hull.length * hull.length);
  if (f >= 0) {
    if ((f * hull.width - s * hull.length) / norm >= -kEps) return Quadrant::kFront;
  } else {
    if ((-f * hull.width - s * hull.length) / norm >= -kEps) return Quadrant::kRear;
  }
  return Quadrant::kSide;
}

bool turn_at_most(Facing from, Facing to, int degrees) {
  if (degrees < 0 || degrees > 180)
    throw std::invalid_argument("A turn limit must be 0 to 180 degrees, not " + std::to_string(degrees) + ".");
  if (degrees == 180) return true;
  if (degrees == 0) {
    const Vec2 a = from.forward(), b = to.forward();
    return dot(a, b) > 0 && negligible(cross(a, b));
  }
  // `to` is within `degrees` of `from` iff it is NOT strictly inside the opposite arc of width
  // 360 - 2*degrees centred on the reverse facing (arc edges are outside, so exactly `degrees`
  // counts as within).
  return !in_arc(Vec2{}, from.reversed(), 360 - 2 * degrees, to.forward());
}

}  // namespace sandtable::geom
