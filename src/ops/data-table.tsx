// The console's table (docs/operations.md "Console"): @tanstack/react-table drawn with Bootstrap's table classes,
// with sortable headers, an optional filter box over every column and paging.
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  flexRender,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef as TableColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/** What the console's tables do: sort, filter (one box over every column) and page, all over the rows given. */
const FEATURES = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

/**
 * A column of a DataTable over rows `T` (@tanstack/react-table v9's ColumnDef with the console's features):
 * `accessorKey`/`accessorFn`, `id`, `header`, `cell` renderers, `enableSorting: false`, `enableGlobalFilter: false`.
 */
// Columns of different value types share one list, as react-table's own examples type them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ColumnDef<T extends RowData> = TableColumnDef<typeof FEATURES, T, any>;

/**
 * `data` in a table of `columns` (ColumnDef of @tanstack/react-table: `accessorKey`/`accessorFn`, `header`, `cell`
 * renderers for links and buttons, `enableSorting: false` for a column without sorting), captioned `caption`,
 * `pageSize` rows a page (default 25), with a filter box over all columns when `globalFilter`. Sorting, filtering
 * and paging happen here, over the rows given; a server-paged list passes one page and pages itself.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  caption,
  pageSize = 25,
  globalFilter = false,
}: {
  columns: ColumnDef<T>[];
  data: T[];
  caption: string;
  pageSize?: number;
  globalFilter?: boolean;
}) {
  const filterId = useId();
  const table = useTable({
    features: FEATURES,
    columns,
    data,
    globalFilterFn: 'includesString',
    initialState: { pagination: { pageIndex: 0, pageSize }, sorting: [], globalFilter: '' },
  });
  const rows = table.getRowModel().rows;
  const pages = Math.max(table.getPageCount(), 1);
  return (
    <div>
      {globalFilter && (
        <Form.Group className="mb-2" controlId={filterId} style={{ maxWidth: '20rem' }}>
          <Form.Label className="visually-hidden">Filter {caption}</Form.Label>
          <Form.Control
            type="search"
            size="sm"
            placeholder="Filter…"
            value={String(table.state.globalFilter ?? '')}
            onChange={(e) => table.setGlobalFilter(e.target.value)}
          />
        </Form.Group>
      )}
      <div className="table-responsive">
        <table className="table table-sm table-striped table-hover align-middle">
          <caption className="caption-top">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="btn btn-link btn-sm p-0 fw-semibold text-reset text-decoration-none"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="text-body-secondary">
                  Nothing to show.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="d-flex align-items-center gap-2" aria-label={`${caption} pages`}>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            Previous
          </Button>
          <span className="small">
            Page {table.state.pagination.pageIndex + 1} of {pages}
          </span>
          <Button size="sm" variant="outline-secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
