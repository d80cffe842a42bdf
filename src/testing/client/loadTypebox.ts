// typebox's ES modules are compiled for Jest on first use, seconds on a cold cache: loading them before
// any test keeps that out of the tests' timed windows, since the sagas load the answer checks (which
// call typebox's guards and format checks) on demand.
import 'typebox/guard';
import 'typebox/format';
