import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type AccountInfo, PROFILE_PICTURE_SIZE } from '@nordlys/contract/account';
import { API_BASE, type Locale, NAME_MAX_LENGTH } from '@nordlys/contract/constants';
import type { BlobStore } from '../blobs/blob-store';
import { badRequest, unauthenticated } from '../domain/errors';
import { isReadOnly } from '../domain/quota';
import { loadSharp } from '../media/sharp-loader';
import type { Repositories } from '../store/repositories';
import type { AccountService } from './account.service';

const VERSION_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const pictureKey = (userId: string, version: string) => `profile-pictures/${userId}/${version}.jpg`;
export const profilePicturePath = (userId: string, version: string) =>
  `${API_BASE}/profile_picture/${userId}/${version}.jpg`;

/** The version is the last segment of the stored key: `profile-pictures/<user>/<version>.jpg`. */
const versionOfKey = (key: string | null) =>
  key
    ?.split('/')
    .pop()
    ?.replace(/\.jpg$/, '') ?? null;

/** The absolute URL of a user's profile picture, or null when they have none. */
export function profilePictureUrl(userId: string, key: string | null, origin: string): string | null {
  const version = versionOfKey(key);
  return version ? `${origin}${profilePicturePath(userId, version)}` : null;
}

export interface ProfileServiceDeps {
  repos: Pick<Repositories, 'users' | 'usage'>;
  accounts: Pick<AccountService, 'storageOf'>;
  blobs: BlobStore;
  /** Terms to approve and the sunset date (the privacy service). */
  notices(
    userId: string,
  ): Promise<Pick<AccountInfo, 'tos_to_approve' | 'sunset_delete_date' | 'permitted_services'>>;
}

export function createProfileService({ repos, accounts, blobs, notices }: ProfileServiceDeps) {
  async function requireUser(userId: string) {
    const user = await repos.users.findById(userId);
    if (!user) throw unauthenticated();
    return user;
  }

  return {
    /**
     * Everything account.md §3 lists; `origin` makes the picture URL absolute. The app language the
     * call carries is remembered for the user (written only when it changed).
     */
    async accountInfo(userId: string, origin: string, language?: Locale): Promise<AccountInfo> {
      const user = await requireUser(userId);
      if (language && user.language !== language) await repos.users.update(userId, { language });
      const [usage, storage, notice] = await Promise.all([
        repos.usage.usageOf(userId),
        accounts.storageOf(userId),
        notices(userId),
      ]);
      return {
        uuid: user.id,
        name: user.name,
        logged_in_as: user.email,
        profile_picture_url: profilePictureUrl(user.id, user.profile_picture_key, origin),
        used_space: usage.usedSpace,
        max_space: storage.maxSpace,
        has_files_not_media: usage.counters.document_count > 0,
        tos_to_approve: notice.tos_to_approve,
        is_read_only_user: isReadOnly(user.is_read_only === 1, storage.hasLiveGrant),
        isBeingShutDown: false,
        sunset_delete_date: notice.sunset_delete_date,
        // Albums do not exist yet; this becomes a count of the user's album memberships.
        number_of_subscribed_albums: 0,
        permitted_services: notice.permitted_services,
        file_type_counters: {
          picture_count: usage.counters.picture_count,
          screenshot_count: usage.counters.screenshot_count,
          video_count: usage.counters.video_count,
          document_count: usage.counters.document_count,
        },
      };
    },

    async setName(userId: string, name: string): Promise<void> {
      const trimmed = name.trim();
      if (!trimmed) throw badRequest('body.name must not be empty');
      if (trimmed.length > NAME_MAX_LENGTH) {
        throw badRequest(`body.name must NOT have more than ${NAME_MAX_LENGTH} characters`);
      }
      await repos.users.update(userId, { name: trimmed });
    },

    /**
     * Decodes the upload and writes a fresh square JPEG, so nothing the user sent is served as is
     * (no scripts in SVG, no EXIF location). Each picture gets a new random version: the URL is a
     * capability that can be cached forever and stops working when the picture changes.
     */
    async setProfilePicture(userId: string, upload: Buffer, origin: string): Promise<string> {
      const user = await requireUser(userId);
      let jpeg: Buffer;
      try {
        const sharp = await loadSharp();
        jpeg = await sharp(upload, { failOn: 'error', limitInputPixels: 100_000_000 })
          .rotate()
          .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer();
      } catch {
        throw badRequest('body.file is not an image');
      }
      const version = randomBytes(16).toString('base64url');
      const key = pictureKey(userId, version);
      await blobs.put(key, jpeg, { contentType: 'image/jpeg', size: jpeg.length });
      await repos.users.update(userId, { profile_picture_key: key });
      if (user.profile_picture_key) await blobs.delete(user.profile_picture_key);
      return `${origin}${profilePicturePath(userId, version)}`;
    },

    /** The picture behind a capability URL, or null when the version is not the current one. */
    async openProfilePicture(userId: string, version: string): Promise<NodeJS.ReadableStream | null> {
      if (!VERSION_PATTERN.test(version)) return null;
      const user = await repos.users.findById(userId);
      const current = versionOfKey(user?.profile_picture_key ?? null);
      if (!user?.profile_picture_key || !current || current.length !== version.length) return null;
      if (!timingSafeEqual(Buffer.from(current), Buffer.from(version))) return null;
      return blobs.get(user.profile_picture_key);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
