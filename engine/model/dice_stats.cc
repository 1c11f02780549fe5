#include "engine/model/dice_stats.h"

#include <cstdlib>

#include "engine/core/dice.h"

namespace sandtable {

namespace {

// Each face of a kind of die and its chance (the average die's faces are 2, 3, 3, 4, 4, 5).
std::map<int, double> fair_faces(pb::DieKind kind) {
  std::map<int, double> out;
  if (kind == pb::DIE_KIND_AVERAGE) return {{2, 1.0 / 6}, {3, 2.0 / 6}, {4, 2.0 / 6}, {5, 1.0 / 6}};
  const DieRange r = die_range(kind);
  if (r.hi < r.lo || r.hi - r.lo > 1000) return out;
  for (int v = r.lo; v <= r.hi; ++v) out[v] = 1.0 / (r.hi - r.lo + 1);
  return out;
}

// A number with `places` decimals, the same on every machine and locale.
std::string fixed(double v, int places) {
  const double scale = places == 1 ? 10.0 : 100.0;
  const long long n = static_cast<long long>(v * scale + (v >= 0 ? 0.5 : -0.5));
  const long long s = static_cast<long long>(scale);
  std::string frac = std::to_string(std::llabs(n) % s);
  while (static_cast<int>(frac.size()) < places) frac = "0" + frac;
  return (n < 0 ? "-" : "") + std::to_string(std::llabs(n) / s) + "." + frac;
}

}  // namespace

std::optional<DiceSummary> summarize_dice(pb::DieKind kind, const DiceTally& tally) {
  const auto fair = fair_faces(kind);
  if (fair.empty() || tally.rolls == 0) return std::nullopt;
  DiceSummary s;
  s.rolls = tally.rolls;
  double sum = 0;
  for (const auto& [face, n] : tally.faces) sum += static_cast<double>(face) * static_cast<double>(n);
  s.mean = sum / static_cast<double>(tally.rolls);
  for (const auto& [face, p] : fair) {
    const auto it = tally.faces.find(face);
    const std::uint64_t seen = it == tally.faces.end() ? 0 : it->second;
    const double want = p * static_cast<double>(tally.rolls);
    s.faces.push_back(face);
    s.counts.push_back(seen);
    s.expected.push_back(want);
    s.expected_mean += face * p;
    s.chi_square += (static_cast<double>(seen) - want) * (static_cast<double>(seen) - want) / want;
  }
  return s;
}

std::vector<std::string> dice_lines(const DiceBySeat& dice) {
  std::vector<std::string> out;
  for (const auto& [seat, kinds] : dice) {
    for (const auto& [kind, tally] : kinds) {
      const auto s = summarize_dice(kind, tally);
      if (!s) continue;
      out.push_back(seat + " " + die_name(kind) + ": " + std::to_string(s->rolls) + " rolls, mean " + fixed(s->mean, 2) +
                    " (expected " + fixed(s->expected_mean, 2) + "), chi-square " + fixed(s->chi_square, 1) + " on " +
                    std::to_string(s->faces.size() - 1) + " degrees of freedom");
    }
  }
  return out;
}

}  // namespace sandtable
