// The reference of `npm run bench:bundle` (docs/performance.md): one element rendered with react,
// react-dom, @reduxjs/toolkit, react-redux, redux-saga and react-router-dom and nothing else, built
// by the portal's own webpack configuration.
import { configureStore } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import createSagaMiddleware from 'redux-saga';

const sagaMiddleware = createSagaMiddleware();
const store = configureStore({
  reducer: { reference: (state: number = 0) => state },
  middleware: (getDefault) => getDefault().concat(sagaMiddleware),
});
sagaMiddleware.run(function* reference() {
  yield* [];
});

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
