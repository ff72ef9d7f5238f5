// The console's sections (docs/operations.md "Console"): one entry each, drawn in the nav for the roles that may see
// them and loaded when opened. Admins see every section.
import type { ComponentType } from 'react';
import type { StaffRole } from '../../contract/ops.ts';

/**
 * A section at `/ops/<path>` (its component may route below it: it is mounted in a wouter `<Route nest>`, so its own
 * routes are relative, e.g. `/:id` for `/ops/<path>/:id`), labelled `label` in the nav, shown to `roles` (and
 * admins); `load` answers the module whose default export is the section's component.
 */
export interface OpsSection {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  load: () => Promise<{ default: ComponentType }>;
}

/** Every section, in nav order: each part adds its one entry here. */
const SECTIONS: readonly OpsSection[] = [
  // First: the console's start page for every role (figures only).
  {
    path: 'dashboard',
    label: 'Dashboard',
    roles: ['admin', 'moderator', 'support', 'operator'],
    load: () => import('./support/dashboard-section.tsx'),
  },
  { path: 'support', label: 'Support', roles: ['support'], load: () => import('./support/support-section.tsx') },
  { path: 'dead-jobs', label: 'Dead jobs', roles: ['support'], load: () => import('./support/dead-jobs-section.tsx') },
  { path: 'staff', label: 'Staff', roles: ['admin'], load: () => import('./staff/staff-section.tsx') },
  { path: 'audit', label: 'Audit log', roles: ['admin'], load: () => import('./audit/audit-section.tsx') },
  { path: 'moderation', label: 'Moderation', roles: ['moderator'], load: () => import('./moderation/moderation-section.tsx') },
  { path: 'inbox', label: 'Inbox', roles: ['operator'], load: () => import('./inbox/inbox-section.tsx') },
];

/** The sections `role` may see: all of them for admins, else those listing the role. */
export const sectionsFor = (role: StaffRole): readonly OpsSection[] =>
  role === 'admin' ? SECTIONS : SECTIONS.filter((s) => s.roles.includes(role));
