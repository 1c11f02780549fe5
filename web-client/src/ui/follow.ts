// A list that follows its newest line: it stays scrolled to the bottom as lines come and as its
// box changes size, until the reader scrolls up; scrolling back down to the end follows again.

/** How close to the end (pixels) still counts as "at the newest line". */
const NEAR = 30;

export class Follow {
  private pinned = true;
  private ours = false;  // the scroll we made ourselves is not the reader's

  constructor(private readonly el: HTMLElement) {
    el.addEventListener("scroll", () => {
      if (this.ours) {
        this.ours = false;
        return;
      }
      this.pinned = atEnd(el);
    });
    new ResizeObserver(() => this.follow()).observe(el);
  }

  /** Call before the list's lines are replaced: a reader at the end stays at the end. */
  before(): void {
    if (this.el.clientHeight > 0) this.pinned = this.pinned || atEnd(this.el);
  }

  /** After the lines changed (or the box did): back to the newest line unless the reader scrolled up. */
  follow(): void {
    if (!this.pinned || this.el.clientHeight === 0) return;
    const top = this.el.scrollHeight - this.el.clientHeight;
    if (Math.abs(this.el.scrollTop - top) < 1) return;
    this.ours = true;
    this.el.scrollTop = top;
  }
}

function atEnd(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < NEAR;
}
