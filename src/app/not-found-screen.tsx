import { ErrorPage } from './error-page.tsx';

/** Spec 8: the 404 page. */
export default function NotFoundScreen() {
  return <ErrorPage notFound />;
}
