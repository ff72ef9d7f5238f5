import type { MemberCard } from '../../../contract/index.ts';

/** A member's round thumbnail (or their initial when there is no photo); decorative, the name is always beside it. */
export function Avatar({ member, size }: { member: Pick<MemberCard, 'name' | 'photo'>; size: number }) {
  return member.photo ? (
    <img
      src={member.photo.thumb_url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      className="rounded-circle object-fit-cover flex-shrink-0 bg-body-secondary"
    />
  ) : (
    <span
      className="rounded-circle bg-primary-subtle text-primary fw-bold d-inline-flex align-items-center justify-content-center flex-shrink-0"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {member.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
