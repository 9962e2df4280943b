import { Button, EmptyState, useSession } from '@courseport/shared-ui';

/** What a signed-out visitor sees on a learner page: why, and a button that opens the sign-in dialog. */
export function SignInPrompt({ message }: { message: string }) {
  const openSignIn = useSession((s) => s.openSignIn);
  return (
    <EmptyState
      title={message}
      action={
        <Button type="primary" size="large" onClick={() => openSignIn()}>
          Sign In
        </Button>
      }
    />
  );
}
