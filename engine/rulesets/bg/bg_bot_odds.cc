#include "engine/rulesets/bg/bg_bot_odds.h"

#include <algorithm>
#include <cstddef>

namespace sandtable::bg::bot {

std::vector<double> net_distribution(const DicePool& p) {
  const double hit = p.hit_from > 6 ? 0.0 : (7 - std::max(p.hit_from, 2)) / 6.0;
  const double one = 1.0 / 6.0;
  const int low = p.white + p.red;  // the most cancels
  std::vector<double> d(static_cast<std::size_t>(low + p.white + p.blue + 1), 0.0);
  d[static_cast<std::size_t>(low)] = 1.0;
  auto step = [&](double up, double down) {
    std::vector<double> n(d.size(), 0.0);
    for (std::size_t i = 0; i < d.size(); ++i) {
      if (d[i] == 0) continue;
      if (i + 1 < d.size()) n[i + 1] += d[i] * up;
      if (i > 0) n[i - 1] += d[i] * down;
      n[i] += d[i] * (1.0 - up - down);
    }
    d.swap(n);
  };
  for (int i = 0; i < p.white; ++i) step(hit, one);
  for (int i = 0; i < p.blue; ++i) step(hit, 0.0);
  for (int i = 0; i < p.red; ++i) step(0.0, one);
  std::vector<double> out(static_cast<std::size_t>(p.white + p.blue) * 2 + 1, 0.0);
  for (std::size_t i = 0; i < d.size(); ++i) {
    int net = std::max(0, static_cast<int>(i) - low);
    if (p.halve) net /= 2;
    if (p.double_hits) net *= 2;
    out[static_cast<std::size_t>(net)] += d[i];
  }
  return out;
}

double expected_net(const DicePool& p) {
  const auto d = net_distribution(p);
  double e = 0;
  for (std::size_t i = 0; i < d.size(); ++i) e += static_cast<double>(i) * d[i];
  return e;
}

double at_least(const DicePool& p, int k) {
  const auto d = net_distribution(p);
  double s = 0;
  for (std::size_t i = static_cast<std::size_t>(std::max(k, 0)); i < d.size(); ++i) s += d[i];
  return s;
}

double p_3d6_at_least(double d) {
  int hits = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 6; ++c) hits += a + b + c >= d ? 1 : 0;
  return hits / 216.0;
}

}  // namespace sandtable::bg::bot
