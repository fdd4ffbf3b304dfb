import type { Locator, Page } from 'playwright-core';
import type { RushCounter } from './rush-people';
import type { RushPlatform } from './rush-platform';

/** How long one button may take to reach the platform, taps again included, before the run says it is stuck. */
const PRESS_LIMIT_MS = 20_000;
/** Between two looks at the platform while a tap is on its way. */
const LOOK_EVERY_MS = 100;
/**
 * A tap the platform has not heard of by then is tapped again: the board's double-tap guard
 * (tap-guard.ts) ignores a repeat only while what is under it moved or changed in the last 500 ms.
 * A tap it took has turned the button into "on its way" by then, so it is never tapped twice.
 */
const TAP_AGAIN_MS = 600;

const AFTER_CONFIRMED = new Set(['PREPARATION_STARTED', 'READY_TO_PICKUP', 'DISPATCHED', 'CONCLUDED']);
const AFTER_READY = new Set(['READY_TO_PICKUP', 'DISPATCHED', 'CONCLUDED']);

/**
 * The rush's cook at the terminal's screen (the board at 1024x600, by touch): the new orders are
 * the cards the New column draws; a confirm is the card's "Confirmar", a ready its "Iniciar preparo"
 * then "Pronto" — the board's flow. Each resolves once the platform has the step (the sandbox's
 * order): a tap the board's double-tap guard ignored (a card that had just moved under the finger)
 * is tapped again, as a cook would, never twice once taken.
 */
export class ScreenCounter implements RushCounter {
  /** Confirmed here and not yet started: the kitchen starts each at once (`startConfirmed`). */
  private readonly toStart = new Set<string>();

  constructor(
    private readonly page: Page,
    private readonly platform: RushPlatform,
  ) {}

  async newOrders(): Promise<ReadonlySet<string>> {
    const cards = this.page.getByTestId('column-new').locator('[data-testid="order-card"][data-status="PLACED"]');
    return new Set(await cards.evaluateAll((found) => found.map((card) => card.getAttribute('data-order-id') ?? '')));
  }

  async confirm(orderId: string): Promise<void> {
    await this.press(orderId, 'new', 'confirm', (status) => status !== 'PLACED');
    this.toStart.add(orderId);
  }

  async ready(orderId: string): Promise<void> {
    this.toStart.delete(orderId);
    if ((await this.status(orderId)) === 'CONFIRMED') await this.press(orderId, 'preparing', 'startPreparation', (status) => AFTER_CONFIRMED.has(status));
    await this.press(orderId, 'preparing', 'readyToPickup', (status) => AFTER_READY.has(status));
  }

  /**
   * The kitchen starts what was confirmed: one tap on each card drawn with its "Iniciar preparo" (the
   * terminal shows it once it heard the confirmation). One the screen did not take is started when
   * it is made (`ready`).
   */
  async startConfirmed(): Promise<void> {
    for (const orderId of this.toStart) {
      const button = this.card(orderId).getByTestId('act-startPreparation');
      if (!(await button.isVisible())) continue;
      await button.tap({ timeout: 2_000 }).catch(() => undefined);
      this.toStart.delete(orderId);
    }
  }

  private card(orderId: string): Locator {
    return this.page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  }

  private async status(orderId: string): Promise<string> {
    return ((await this.platform.control('GET', `/_sandbox/orders/${orderId}`)).order as { status: string }).status;
  }

  /**
   * Taps the card's button until the platform has its step: what is on its way is looked at, never
   * tapped over. A card the column does not draw (scrolled past by a tap further down) is brought
   * back: the column holds the oldest first, and the cook's card is the oldest of its kind.
   */
  private async press(orderId: string, column: 'new' | 'preparing', action: string, done: (status: string) => boolean): Promise<void> {
    const button = this.card(orderId).getByTestId(`act-${action}`);
    const started = performance.now();
    let tappedAt = -Infinity;
    for (let status = await this.status(orderId); !done(status); status = await this.status(orderId)) {
      if (performance.now() - started > PRESS_LIMIT_MS)
        throw new Error(`${action} of ${orderId} did not reach the platform in ${PRESS_LIMIT_MS / 1000} s (${status})`);
      if ((await this.card(orderId).count()) === 0)
        await this.page
          .getByTestId(`column-${column}`)
          .locator('.scroller')
          .evaluate((list) => list.scrollTo({ top: 0 }));
      if (performance.now() - tappedAt > TAP_AGAIN_MS && (await button.isVisible())) {
        tappedAt = performance.now();
        await button.tap({ timeout: 2_000 }).catch(() => undefined);
      }
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
  }
}
