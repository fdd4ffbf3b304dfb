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
  #saved = $state<{ file: string; savedAt: string; byteLength: number }[]>([]);

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
  /** Sheets kept on the terminal, newest first. */
  get saved(): { file: string; savedAt: string; byteLength: number }[] {
    return this.#saved;
  }

  async loadSaved(): Promise<void> {
    const result = await this.bridge['checkin:saved']({});
    if (result.ok) this.#saved = result.value;
  }

  /** Shows a kept sheet again (no network needed). */
  async openSaved(file: string): Promise<void> {
    this.#error = null;
    const result = await this.bridge['checkin:open']({ file });
    if (!result.ok) {
      this.#error = result.error;
      return;
    }
    this.show(result.value, 0);
  }

  private show(sheet: { pdfBase64: string; generatedAt: string; saved: boolean }, stores: number): void {
    this.putAway();
    this.#sheet = { url: URL.createObjectURL(pdfBlob(sheet.pdfBase64)), generatedAt: sheet.generatedAt, saved: sheet.saved, stores };
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
    this.show(result.value, this.#chosen.size);
    void this.loadSaved();
  }

  putAway(): void {
    if (this.#sheet) URL.revokeObjectURL(this.#sheet.url);
    this.#sheet = null;
  }
}
