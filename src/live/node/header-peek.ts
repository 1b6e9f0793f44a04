/** The header peek lives with the log reader (discovery uses it too); re-exported for live mode. */
export { peekHeader } from '../../log/node/header-peek'
