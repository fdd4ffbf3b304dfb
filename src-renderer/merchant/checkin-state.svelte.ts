import { SvelteSet } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { Bridge } from '../../src-shared/ipc/contract';
import { MAX_CHECKIN_STORES } from '../../src-shared/wire/merchant';

export interface ShownSheet {
  /** A blob: URL of the PDF, revoked when the sheet is put away. */
  url: string;
  generatedAt: string;
  saved: boolean;
  stores: number;
}

function pdfBlob(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

/** The driver check-in QR sheet: which grocery stores, and the PDF on screen. */
export class CheckinState {
  readonly #chosen = new SvelteSet<string>();
  #generating = $state(false);
  #error = $state<ErrorInfo | null>(null);
  #sheet = $state<ShownSheet | null>(null);

  readonly tooMany = $derived(this.#chosen.size > MAX_CHECKIN_STORES);

  constructor(private readonly bridge: Bridge) {}

  get chosen(): ReadonlySet<string> {
    return this.#chosen;
  }
  get generating(): boolean {
    return this.#generating;
  }
  get error(): ErrorInfo | null {
    return this.#error;
  }
  get sheet(): ShownSheet | null {
    return this.#sheet;
  }

  toggle(id: string, on: boolean): void {
    if (on) this.#chosen.add(id);
    else this.#chosen.delete(id);
  }

  chooseNone(): void {
    this.#chosen.clear();
  }

  async generate(): Promise<void> {
    if (this.#chosen.size === 0 || this.tooMany || this.#generating) return;
    this.#generating = true;
    this.#error = null;
    const result = await this.bridge['checkin:qrPdf']({ merchantIds: [...this.#chosen] });
    this.#generating = false;
    if (!result.ok) {
      this.#error = result.error;
      return;
    }
    this.putAway();
    const { pdfBase64, generatedAt, saved } = result.value;
    this.#sheet = { url: URL.createObjectURL(pdfBlob(pdfBase64)), generatedAt, saved, stores: this.#chosen.size };
  }

  putAway(): void {
    if (this.#sheet) URL.revokeObjectURL(this.#sheet.url);
    this.#sheet = null;
  }
}
