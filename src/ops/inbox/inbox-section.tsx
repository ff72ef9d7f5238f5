// The console's "Inbox" section (operators, admins; docs/operations.md "Fictional profiles' inbox"): the operator's
// figures and the waiting list at /ops/inbox, a conversation at /ops/inbox/<conversation id>.
import { useCallback } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ConversationScreen } from './conversation-screen.tsx';
import { MyFigures } from './my-figures.tsx';
import { WaitingList } from './waiting-list.tsx';

/** The inbox: the waiting list, or the conversation the path names. */
export default function InboxSection() {
  const [, navigate] = useLocation();
  const open = useCallback((id: number) => navigate(`/${id}`), [navigate]);
  const back = useCallback(() => navigate('/'), [navigate]);
  return (
    <section>
      <h1 className="h4">Inbox</h1>
      <Switch>
        <Route path="/:conversationId">
          {(params) => (
            <ConversationScreen key={params.conversationId} conversationId={Number(params.conversationId)} onBack={back} />
          )}
        </Route>
        <Route>
          <MyFigures />
          <WaitingList onOpen={open} />
        </Route>
      </Switch>
    </section>
  );
}
