// Calls of /profile (contract/profile.ts, contract/photos.ts): the own profile, the reverse geocode and the photo
// manager. Not synced data: the screen reads and writes them directly, like the settings screens.
import { api } from '../../api/client.ts';
import {
  GeocodeResponse,
  OwnPhotosResponse,
  OwnProfileResponse,
  type OwnProfile,
  type ProfileUpdate,
} from '../../../contract/index.ts';
import { refreshUser } from '../account/session-store.ts';
import { PHOTOS_CALL, PROFILE_CALL } from './profile-calls.ts';

/** GET /api/profile.php: the own profile. Throws ApiCallError. */
export async function fetchOwnProfile(): Promise<OwnProfile> {
  return (await api(PROFILE_CALL, OwnProfileResponse)).profile;
}

/**
 * PUT /api/profile.php: saves the whole profile and answers it as stored; the session's user (name, country in the
 * navigation) is reloaded. Throws ApiCallError username_is_email, username_at, invalid_date_of_birth, too_young, bad_request.
 */
export async function saveProfile(update: ProfileUpdate): Promise<OwnProfile> {
  const { profile } = await api('/api/profile.php', OwnProfileResponse, { method: 'PUT', body: update });
  await refreshUser().catch(() => null);
  return profile;
}

/** GET /api/geocode.php (spec 7): the nearest town, or false when there is none or the call failed. */
export async function reverseGeocode(lat: number, lon: number): Promise<GeocodeResponse['geocode'] | false> {
  try {
    return (await api('/api/geocode.php', GeocodeResponse, { query: { lat, lon } })).geocode;
  } catch {
    return false;
  }
}

/** GET /api/photos.php: the own photos in order (the first is the main image) and the member's limit. */
export async function fetchOwnPhotos(): Promise<OwnPhotosResponse> {
  return api(PHOTOS_CALL, OwnPhotosResponse);
}

/**
 * POST /api/photos.php with one file (multipart); the session's user is reloaded, since the first photo becomes its
 * main_image (spec 2: the profile photo alert). Throws ApiCallError photo_limit, bad_request, request_too_large.
 */
export async function uploadPhoto(file: File): Promise<OwnPhotosResponse> {
  const form = new FormData();
  form.append('photo', file, file.name);
  const answer = await api('/api/photos.php', OwnPhotosResponse, { method: 'POST', body: form });
  await refreshUser().catch(() => null);
  return answer;
}

/** PUT /api/photos.php: the new order of every own photo id; the first becomes the main image. */
export async function reorderPhotos(order: number[]): Promise<OwnPhotosResponse> {
  const answer = await api('/api/photos.php', OwnPhotosResponse, { method: 'PUT', body: { order } });
  await refreshUser().catch(() => null);
  return answer;
}

/** DELETE /api/photos.php: removes one own photo; the next one moves up. */
export async function deletePhoto(id: number): Promise<OwnPhotosResponse> {
  const answer = await api('/api/photos.php', OwnPhotosResponse, { method: 'DELETE', body: { id } });
  await refreshUser().catch(() => null);
  return answer;
}
