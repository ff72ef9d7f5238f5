/** Placeholder of a profile while it loads: same layout as the profile, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <div className="row g-4 g-lg-5 placeholder-glow" aria-busy="true">
      <div className="col-md-6 col-lg-5">
        <div className="ratio rounded-4 placeholder w-100" style={{ '--bs-aspect-ratio': '133.333%' } as React.CSSProperties} />
      </div>
      <div className="col-md-6 col-lg-7">
        <span className="placeholder col-6 placeholder-lg rounded mb-3 d-block" style={{ height: '2rem' }} />
        <span className="placeholder col-4 rounded mb-4 d-block" />
        <div className="d-flex gap-2 mb-4">
          <span className="placeholder col-3 rounded-pill" style={{ height: '3rem' }} />
          <span className="placeholder col-4 rounded-pill" style={{ height: '3rem' }} />
        </div>
        <span className="placeholder col-12 rounded mb-2 d-block" />
        <span className="placeholder col-10 rounded mb-2 d-block" />
        <span className="placeholder col-8 rounded d-block" />
      </div>
    </div>
  );
}
