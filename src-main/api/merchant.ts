import { z } from 'zod';
import {
  Interruption,
  OpeningHours,
  OpeningHoursReplaced,
  OperationStatus,
  StoreDetail,
  StoreListItem,
  type NewInterruption,
  type Operation,
  type OpeningHoursReplace,
} from '../../src-shared/wire/merchant';
import type { ApiClient, CallOptions } from './client';

const PREFIX = '/merchant/v1.0';
const seg = encodeURIComponent;

/** The check-in sheet comes back as the PDF's bytes; anything else is an unreadable answer. */
const PdfBytes = z.custom<Buffer>((value) => Buffer.isBuffer(value) && value.subarray(0, 5).toString('latin1') === '%PDF-', {
  message: 'expected a PDF document',
});

/** Merchant module (spec §4.4): stores, status, interruptions (pauses), opening hours, check-in QR. */
export class MerchantApi {
  constructor(private readonly client: ApiClient) {}

  listStores(query: { page?: number; size?: number } = {}, options?: CallOptions): Promise<StoreListItem[]> {
    return this.client.call(
      { module: 'merchant', method: 'GET', route: 'GET /merchants', path: `${PREFIX}/merchants`, query, schema: z.array(StoreListItem) },
      options,
    );
  }

  getStore(merchantId: string, options?: CallOptions): Promise<StoreDetail> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'GET',
        route: 'GET /merchants/{merchantId}',
        path: `${PREFIX}/merchants/${seg(merchantId)}`,
        merchantId,
        schema: StoreDetail,
      },
      options,
    );
  }

  /** One entry per operation and sales channel; every state answers 200 (spec §3.3). */
  getStatus(merchantId: string, options?: CallOptions): Promise<OperationStatus[]> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/status',
        path: `${PREFIX}/merchants/${seg(merchantId)}/status`,
        merchantId,
        schema: z.array(OperationStatus),
      },
      options,
    );
  }

  getOperationStatus(merchantId: string, operation: Operation, options?: CallOptions): Promise<OperationStatus[]> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/status/{operation}',
        path: `${PREFIX}/merchants/${seg(merchantId)}/status/${seg(operation)}`,
        merchantId,
        schema: z.array(OperationStatus),
      },
      options,
    );
  }

  /** Active and future interruptions. */
  listInterruptions(merchantId: string, options?: CallOptions): Promise<Interruption[]> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/interruptions',
        path: `${PREFIX}/merchants/${seg(merchantId)}/interruptions`,
        merchantId,
        schema: z.array(Interruption),
      },
      options,
    );
  }

  /** Pauses the store; 409 `InterruptionOverlap` when it overlaps another pause. */
  createInterruption(merchantId: string, interruption: NewInterruption, options?: CallOptions): Promise<Interruption> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'POST',
        route: 'POST /merchants/{merchantId}/interruptions',
        path: `${PREFIX}/merchants/${seg(merchantId)}/interruptions`,
        merchantId,
        json: interruption,
        schema: Interruption,
      },
      options,
    );
  }

  /** Removes the pause and reopens the store (204). */
  async deleteInterruption(merchantId: string, interruptionId: string, options?: CallOptions): Promise<void> {
    await this.client.call(
      {
        module: 'merchant',
        method: 'DELETE',
        route: 'DELETE /merchants/{merchantId}/interruptions/{interruptionId}',
        path: `${PREFIX}/merchants/${seg(merchantId)}/interruptions/${seg(interruptionId)}`,
        merchantId,
      },
      options,
    );
  }

  getOpeningHours(merchantId: string, options?: CallOptions): Promise<OpeningHours> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/opening-hours',
        path: `${PREFIX}/merchants/${seg(merchantId)}/opening-hours`,
        merchantId,
        schema: OpeningHours,
      },
      options,
    );
  }

  /** A complete replacement of the week (201). */
  replaceOpeningHours(merchantId: string, hours: OpeningHoursReplace, options?: CallOptions): Promise<OpeningHoursReplaced> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'PUT',
        route: 'PUT /merchants/{merchantId}/opening-hours',
        path: `${PREFIX}/merchants/${seg(merchantId)}/opening-hours`,
        merchantId,
        json: hours,
        schema: OpeningHoursReplaced,
      },
      options,
    );
  }

  /** PDF of driver check-in QR codes for 1 to 20 grocery stores, as bytes. */
  checkinQrCodes(merchantIds: readonly string[], options?: CallOptions & { language?: string }): Promise<Buffer> {
    return this.client.call(
      {
        module: 'merchant',
        method: 'POST',
        route: 'POST /merchants/checkin-qrcode',
        path: `${PREFIX}/merchants/checkin-qrcode`,
        ...(merchantIds.length === 1 && merchantIds[0] ? { merchantId: merchantIds[0] } : {}),
        json: { merchantIds },
        binary: true,
        ...(options?.language ? { acceptLanguage: options.language } : {}),
        // Generating a sheet twice is harmless.
        idempotent: true,
        schema: PdfBytes,
      },
      options,
    );
  }
}
