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
  { path: 'staff', label: 'Staff', roles: ['admin'], load: () => import('./staff/staff-section.tsx') },
  { path: 'audit', label: 'Audit log', roles: ['admin'], load: () => import('./audit/audit-section.tsx') },
];

/** The sections `role` may see: all of them for admins, else those listing the role. */
export const sectionsFor = (role: StaffRole): readonly OpsSection[] =>
  role === 'admin' ? SECTIONS : SECTIONS.filter((s) => s.roles.includes(role));
