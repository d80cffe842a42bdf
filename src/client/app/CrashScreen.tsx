import { Button, Result } from 'antd';

function describe(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The page could not be shown.';
}

/** Whatever a screen throws ends here, as a readable message instead of a blank page. */
export function CrashScreen({ error }: { error: unknown }) {
  return (
    <main>
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>Something went wrong</h1>}
        subTitle={describe(error)}
        extra={
          <Button type="primary" href="/">
            Back to the start page
          </Button>
        }
      />
    </main>
  );
}
