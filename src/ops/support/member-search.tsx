import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link, useSearch, useLocation } from 'wouter';
import type { OpsMemberHit, OpsMemberSearchResponse } from '../../../contract/ops-support.ts';
import { useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';
import { when } from './format.ts';

const columns: ColumnDef<OpsMemberHit>[] = [
  { accessorKey: 'id', header: 'ID' },
  {
    accessorKey: 'email',
    header: 'E-mail',
    cell: ({ row }) => <Link href={`/members/${row.original.id}`}>{row.original.email}</Link>,
  },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'site', header: 'Site' },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) => <MemberBadges member={row.original} />,
  },
  { accessorKey: 'signup_date', header: 'Signed up', cell: ({ getValue }) => when(getValue<string>()) },
];

/** The badges of a member's state: active or not activated, deleted, fictional. */
export function MemberBadges({ member }: { member: Pick<OpsMemberHit, 'status' | 'deleted_at' | 'fictional'> }) {
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {member.status === 'confirmed' ? (
        <span className="badge text-bg-success">active</span>
      ) : (
        <span className="badge text-bg-warning">not activated</span>
      )}
      {member.deleted_at && <span className="badge text-bg-danger">deleted</span>}
      {member.fictional && <span className="badge text-bg-info">fictional</span>}
    </span>
  );
}

/** The search page: the query (e-mail, id or name) in the address (?q=&page=), the hits in a table, paged by the server. */
export function MemberSearch() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 0) || 0;
  const [text, setText] = useState(q);
  const { data, error, loading } = useOpsData<OpsMemberSearchResponse>(
    q ? `/members?${new URLSearchParams({ q, page: String(page) })}` : null,
  );
  const go = (query: string, p: number) => navigate(`/?${new URLSearchParams({ q: query, page: String(p) })}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) go(text.trim(), 0);
  };
  return (
    <section aria-labelledby="support-search-heading">
      <h1 id="support-search-heading" className="h3 mb-3">
        Support: find a member
      </h1>
      <Form onSubmit={submit} role="search" className="mb-3" style={{ maxWidth: 560 }}>
        <Form.Label htmlFor="support-q">E-mail address, member id or profile name</Form.Label>
        <div className="input-group">
          <Form.Control
            id="support-q"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="anna@example.org, 1234 or Anna"
            autoComplete="off"
          />
          <Button type="submit">Search</Button>
        </div>
      </Form>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error.message}
        </div>
      )}
      {loading && !data && <p className="text-body-secondary">Searching…</p>}
      {data && q && (
        <>
          <DataTable columns={columns} data={data.members} caption="Members found" pageSize={25} />
          <nav aria-label="Result pages" className="d-flex gap-2 align-items-center">
            <Button variant="outline-secondary" size="sm" disabled={page === 0} onClick={() => go(q, page - 1)}>
              Previous results
            </Button>
            <span className="small text-body-secondary">Page {page + 1}</span>
            <Button variant="outline-secondary" size="sm" disabled={!data.more} onClick={() => go(q, page + 1)}>
              Next results
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
