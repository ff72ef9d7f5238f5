// Moderation (moderators, admins; docs/operations.md "Moderation", "Photo review"): the complaints queue with each
// complaint's page, and the review of newly uploaded photos, as two tabs.
import { Link, Route, Switch, useLocation } from 'wouter';
import { ComplaintDetail } from './complaint-detail.tsx';
import { ComplaintsQueue } from './complaints-queue.tsx';
import { PhotoReview } from './photo-review.tsx';
import './moderation.css';

/** The tabs and the open tab's screen (routes relative to /ops/moderation). */
export default function ModerationSection() {
  const [location] = useLocation();
  const onPhotos = location.startsWith('/photos');
  return (
    <section>
      <h1 className="h4">Moderation</h1>
      <nav className="nav nav-tabs mb-3" aria-label="Moderation">
        <Link href="/" className={`nav-link${onPhotos ? '' : ' active'}`} aria-current={onPhotos ? undefined : 'page'}>
          Complaints
        </Link>
        <Link href="/photos" className={`nav-link${onPhotos ? ' active' : ''}`} aria-current={onPhotos ? 'page' : undefined}>
          Photo review
        </Link>
      </nav>
      <Switch>
        <Route path="/photos">
          <PhotoReview />
        </Route>
        <Route path="/complaints/:id">{(params) => <ComplaintDetail id={Number(params.id)} />}</Route>
        <Route>
          <ComplaintsQueue />
        </Route>
      </Switch>
    </section>
  );
}
