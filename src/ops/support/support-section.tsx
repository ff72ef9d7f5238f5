// The console's "Support" section (docs/operations.md "Support"): the member search at its root and a member's page
// at /members/:id, below /ops/support.
import { Route, Switch } from 'wouter';
import { MemberPage } from './member-page.tsx';
import { MemberSearch } from './member-search.tsx';

/** Support: find a member, then act on their page. */
export default function SupportSection() {
  return (
    <Switch>
      <Route path="/members/:id">{(params) => <MemberPage key={params.id} id={Number(params.id)} />}</Route>
      <Route>
        <MemberSearch />
      </Route>
    </Switch>
  );
}
