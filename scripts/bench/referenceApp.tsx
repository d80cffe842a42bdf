// The reference of `npm run bench:bundle` (docs/performance.md): one element rendered with react,
// react-dom, @reduxjs/toolkit, react-redux, redux-saga and react-router-dom and nothing else, built
// by the portal's own webpack configuration.
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
        <h1>Reference</h1>
      </BrowserRouter>
    </Provider>,
  );
}
