// The floor of `npm run bench:bundle` (docs/performance.md): the reference app plus the antd set any
// home page on this stack needs (Button, Input, Spin and Typography). The home route's target, 2.0× the
// reference, is about what this floor weighs.
import { Button, Input, Spin, Typography } from 'antd';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { referenceStore } from './referenceStore';

const store = referenceStore();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Provider store={store}>
      <BrowserRouter>
        <Typography.Title>Floor</Typography.Title>
        <Input aria-label="Floor" />
        <Button type="primary">Floor</Button>
        <Spin />
      </BrowserRouter>
    </Provider>,
  );
}
