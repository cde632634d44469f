/** The errors feature's public API: reporting an error to the error card. */
export { errorReported } from './errorSlice';
