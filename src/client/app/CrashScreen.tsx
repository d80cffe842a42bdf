import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'The page could not be shown.';
}

/** Whatever a screen throws ends here, as a readable message instead of a blank page. */
export function CrashScreen() {
  const error = useRouteError();
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
