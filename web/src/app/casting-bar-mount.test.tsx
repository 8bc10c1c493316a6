import { openLocalCastChannel } from '@nordlys/contract/cast-local-channel';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CastingBarMount } from './casting-bar-mount.component';
import { startCasting, useCastController } from './casting-wiring';

// The local stand-in channel the app uses with TEST_ENDPOINTS; a receiver is listening on it.
const receiver = openLocalCastChannel('receiver', () => undefined);
afterAll(() => receiver.close());

function BarAt({ path }: { path: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <CastingBarMount />
    </MemoryRouter>
  );
}

describe('the casting bar in the app', () => {
  beforeAll(async () => {
    startCasting({ castReceiverAppId: null, testEndpoints: true });
    // The controller comes up asynchronously.
    let controller: ReturnType<typeof useCastController> = null;
    function Probe() {
      controller = useCastController();
      return null;
    }
    render(<Probe />);
    await waitFor(() => expect(controller).not.toBeNull());
    await (controller as unknown as { connect(): Promise<boolean> }).connect();
  });

  it('is shown on an ordinary page while a session is connected', async () => {
    render(<BarAt path="/albums" />);
    expect(await screen.findByRole('region', { name: 'Casting' })).toBeTruthy();
  });

  it('is hidden on the timeline and album carousels', async () => {
    render(<BarAt path="/photos/some-file" />);
    render(<BarAt path="/carousel/YWxidW0/some-file" />);
    render(<BarAt path="/albums" />);
    await screen.findByRole('region', { name: 'Casting' });
    expect(screen.getAllByRole('region', { name: 'Casting' })).toHaveLength(1);
  });
});
