// Whose turn, unmistakably, when the player looks elsewhere: the tab's icon turns into the
// seat's colour while the table waits for it (the title already says "Your turn — …"), and,
// when the player has switched it on, a short beep and a browser notification if the tab is in
// the background. Nothing is asked of the browser on load: notification permission is asked
// only when the player turns the alert on. The choice is remembered in localStorage.

/** The tab icon: a dot in the seat's colour while it is this seat's turn, a grey ring otherwise. */
export function faviconFor(myTurn: boolean, fill = "#0072B2"): string {
  const body = myTurn
    ? `<circle cx="8" cy="8" r="7" fill="${fill}" stroke="#000" stroke-width="1"/>`
    : `<circle cx="8" cy="8" r="5.5" fill="none" stroke="#888" stroke-width="2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A turn begins for this seat when its menu goes from empty to offering something. */
export function turnBegan(before: boolean, now: boolean): boolean {
  return !before && now;
}

export const ALERT_KEY = "sandtable:turn-alert";

interface Store {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

function storage(): Store | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export class Attention {
  private before = false;
  private audio: AudioContext | null = null;
  alertOn: boolean;

  constructor(private readonly store: Store | null = storage()) {
    let on = false;
    try {
      on = this.store?.getItem(ALERT_KEY) === "on";
    } catch {
      on = false;
    }
    this.alertOn = on;
  }

  /** Called on every render: sets the icon and, when a turn begins, beeps and notifies if asked to. */
  update(myTurn: boolean, title: string, fill?: string): void {
    setFavicon(faviconFor(myTurn, fill));
    if (turnBegan(this.before, myTurn) && this.alertOn) {
      this.beep();
      if (typeof document !== "undefined" && document.hidden && typeof Notification !== "undefined" && Notification.permission === "granted") {
        try {
          new Notification(title, { tag: "sandtable-turn" });
        } catch {
          // some browsers allow notifications only from a service worker: the title and icon still say it
        }
      }
    }
    this.before = myTurn;
  }

  /** The header toggle: turning it on asks for notification permission (a user gesture) and beeps once. */
  toggle(): void {
    this.alertOn = !this.alertOn;
    try {
      this.store?.setItem(ALERT_KEY, this.alertOn ? "on" : "off");
    } catch {
      // not remembered; it still works in this tab
    }
    if (!this.alertOn) return;
    if (typeof Notification !== "undefined" && Notification.permission === "default") void Notification.requestPermission().catch(() => "denied");
    this.beep();
  }

  private beep(): void {
    try {
      const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
      if (!Ctx) return;
      this.audio ??= new Ctx();
      const a = this.audio;
      const osc = a.createOscillator();
      const gain = a.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, a.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, a.currentTime + 0.35);
      osc.connect(gain).connect(a.destination);
      osc.start();
      osc.stop(a.currentTime + 0.35);
    } catch {
      // no sound on this browser
    }
  }
}

function setFavicon(href: string): void {
  if (typeof document === "undefined") return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}
