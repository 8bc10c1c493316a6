import type { ClientConfig } from '@nordlys/contract/client-config';
import { fetchCastItem } from '../api/cast.api';
import { type CastController, createCastController } from '../features/casting/cast-controller';
import { openCastSender } from '../features/casting/cast-sender-wire';

/** The sender and its controller, or null where this browser cannot cast (fetched lazily). */
export async function openCastController(
  config: Pick<ClientConfig, 'castReceiverAppId' | 'testEndpoints'>,
): Promise<CastController | null> {
  const wire = await openCastSender({
    receiverAppId: config.castReceiverAppId,
    localChannel: config.testEndpoints,
  });
  return wire
    ? createCastController({
        wire,
        castItem: (file) => fetchCastItem(file.jobID, file.fileID, window.location.origin),
      })
    : null;
}
