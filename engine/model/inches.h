#pragma once
// A distance on a free table in the words a player reads: hundredths of an inch, trailing zeros
// dropped, with the inch mark ("6\"", "6.5\"", "12.04\""), so a distance just past a limit never
// reads as the limit itself.
#include <cmath>
#include <string>

namespace sandtable {

inline std::string inches_text(double d) {
  // A hostile order may name a point far beyond any table (or not a number at all): its distance
  // is said without rounding it into an integer it does not fit.
  constexpr double kFar = 1e9;
  if (!(std::fabs(d) < kFar)) return std::isnan(d) ? "an unmeasurable distance" : (d < 0 ? "-" : "") + std::string("1000000000+\"");
  const long long h = std::llround(d * 100);
  const long long a = h < 0 ? -h : h;
  std::string s;
  if (h < 0) s.push_back('-');
  s.append(std::to_string(a / 100));
  const int frac = static_cast<int>(a % 100);
  if (frac != 0) {
    s.push_back('.');
    s.push_back(static_cast<char>('0' + frac / 10));
    if (frac % 10 != 0) s.push_back(static_cast<char>('0' + frac % 10));
  }
  s.push_back('"');
  return s;
}

}  // namespace sandtable
