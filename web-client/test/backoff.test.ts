import { describe, expect, it } from "vitest";
import { backoffDelay } from "../src/net/backoff";

describe("reconnect backoff", () => {
  it("doubles from 500 ms with jitter in the upper half", () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 0.999999)).toBe(500);
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
  });
  it("is capped at 15 s however many attempts failed", () => {
    expect(backoffDelay(10, () => 0.999999)).toBe(15000);
    expect(backoffDelay(1000, () => 0)).toBe(7500);
  });
});
