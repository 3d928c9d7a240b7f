import type { Resource } from '../../../engine/operation';
import { operation as createToken } from './createToken.operation';
import { operation as getManyUsers } from './getManyUsers.operation';
import { operation as registerUser } from './registerUser.operation';
import { operation as transferBalance } from './transferBalance.operation';

/**
 * The white-label admin API (Autocalls docs; paths under /white-label): a reseller's own token
 * manages the users of its white label. Login is left out: it trades a user's password for a token.
 */
export const resource: Resource = {
	value: 'whiteLabel',
	name: 'White Label',
	defaultOperation: 'getManyUsers',
	operations: [getManyUsers, registerUser, createToken, transferBalance],
};
