// The actions one feature's saga puts into another feature's slice: the one door between features
// (style.md, bulletproof-react), so features never import each other directly.
export { subscriptionRequested } from '../features/subscription/subscriptionSlice';
export { errorDialogShown, forbiddenErrorStored } from '../features/errors/errorsSlice';
