// The seam: the client is a pure view. Nothing outside src/rulesets/ (and the generated code)
// names a rule set, so a new rule set adds a folder there and touches nothing else.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "../src");
const SKIP = new Set(["gen", "rulesets"].map((d) => join(SRC, d)));
// An identifier or string piece "pw"/"bg"/"oh" (PwCommand, pw_pb, "bg-", OhFire...), or the rule sets' names.
const NAMES = /(?<![A-Za-z0-9])(pw|bg|oh)(?![a-z0-9])|(?<![A-Z])(Pw|PW|Bg|BG|Oh|OH)(?![a-z0-9])|[Bb]attleground|BATTLEGROUND|[Pp]ortable|PORTABLE|[Oo]ne-[Hh]our|ONE_HOUR/;

function files(dir: string): string[] {
  if (SKIP.has(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|css|html)$/.test(n) ? [p] : [];
  });
}

describe("the client knows no rule set outside src/rulesets", () => {
  it("recognises the names it looks for", () => {
    for (const bad of ["PwCommand", "pw_pb", 'case: "pw"', "sendPw(", "BgEvent", "aim-label-bg", "Battleground orders", '"portable-wargame-19c"', "OhFire", "oh_pb", '"one-hour-ww2"', "One-Hour Wargames"])
      expect(NAMES.test(bad), bad).toBe(true);
    for (const fine of ["background", "Pwned", "bgcolor", "newbg", "Ohm", "john", "hour"]) expect(NAMES.test(fine), fine).toBe(false);
  });

  it("finds no rule-set name in src/ outside src/rulesets and src/gen", () => {
    const found: string[] = [];
    for (const f of files(SRC)) {
      readFileSync(f, "utf8").split("\n").forEach((line, i) => {
        if (NAMES.test(line)) found.push(`${relative(SRC, f)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("has no rules helpers left (range, arc, distance, movement left)", () => {
    const found: string[] = [];
    for (const f of files(SRC)) {
      readFileSync(f, "utf8").split("\n").forEach((line, i) => {
        if (/moveLeft|canFire|canCloseCombat|fireRange|orthDistance|inForwardArc|planMove|planFire/.test(line)) found.push(`${relative(SRC, f)}:${i + 1}`);
      });
    }
    expect(found).toEqual([]);
  });
});
