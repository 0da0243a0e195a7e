import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadVehicleList } from './vehicle-list-loader';

const vehicles = [{ name: 'DENAGO EV City' }];

/** What a route loader's data() call carries: the data and the status it sets. */
function unwrap(result: unknown): { data: unknown; status?: number } {
  if (typeof result === 'object' && result !== null && 'type' in result && (result as { type: string }).type === 'DataWithResponseInit') {
    const { data, init } = result as unknown as { data: unknown; init: { status?: number } | null };
    return { data, status: init?.status };
  }
  return { data: result };
}

describe('loadVehicleList on the server', () => {
  it('waits for the list, so the HTML is complete', async () => {
    expect(unwrap(await loadVehicleList(async () => vehicles))).toEqual({ data: { vehicles, loadError: null } });
  });

  it("renders the page with 'Failed to fetch vehicles: {status}' and that status when the catalog fails", async () => {
    const outage = Object.assign(new Error('database down'), { status: 503 });
    expect(unwrap(await loadVehicleList(() => Promise.reject(outage)))).toEqual({
      data: { vehicles: [], loadError: 'Failed to fetch vehicles: 503' },
      status: 503,
    });
    expect(unwrap(await loadVehicleList(() => Promise.reject(new Error('bug'))))).toMatchObject({ status: 500 });
  });

  it('does not retry on the server', async () => {
    const load = vi.fn(() => Promise.reject(new Error('down')));
    await loadVehicleList(load, { retries: 3 });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('loadVehicleList in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands the page the pending list at once', async () => {
    vi.stubGlobal('document', {});
    let resolve!: (list: typeof vehicles) => void;
    const result = (await loadVehicleList(() => new Promise<typeof vehicles>((done) => (resolve = done)))) as { vehicles: Promise<unknown> };
    expect(result.vehicles).toBeInstanceOf(Promise);
    resolve(vehicles);
    await expect(result.vehicles).resolves.toEqual(vehicles);
  });

  it('retries a failed load three times before the page shows the error', async () => {
    vi.stubGlobal('document', {});
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch vehicles: 500')));
    const result = (await loadVehicleList(load, { retries: 3 })) as { vehicles: Promise<unknown> };
    const settled = expect(result.vehicles).rejects.toThrow('Failed to fetch vehicles: 500');
    await vi.runAllTimersAsync();
    await settled;
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('stops retrying once a load succeeds', async () => {
    vi.stubGlobal('document', {});
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch vehicles: 502')).mockResolvedValueOnce(vehicles);
    const result = (await loadVehicleList(load, { retries: 3 })) as { vehicles: Promise<unknown> };
    await vi.runAllTimersAsync();
    await expect(result.vehicles).resolves.toEqual(vehicles);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
