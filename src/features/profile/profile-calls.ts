// /profile's first calls, without React or the API client: the screen reads their answers (profile-api.ts) and the
// route table declares them (src/app/routes.ts), so a server render answers them.

/** GET /api/profile.php: the own profile (the form). */
export const PROFILE_CALL = '/api/profile.php';
/** GET /api/photos.php: the own photos and the member's limit (the photo manager, whose first photo is the LCP). */
export const PHOTOS_CALL = '/api/photos.php';
