/**
 * Activation and deactivation for the WhatsApp Message Status event. The platform has no API for
 * the read-receipts webhook (the user pastes the trigger's URL into the sender's settings in the
 * dashboard), so these make no request of their own: they check that the credential holds the
 * signing secret, and hand back a registration another event of this node left in the slot (the
 * node watched an assistant before and was never deactivated).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IHookFunctions } from 'n8n-workflow';

import { WHATSAPP_SIGNING_SECRET } from '../../shared/signingSecret';
import { classicRegistrations } from '../classic/registration';

/** Activation fails, naming the field, when no deliveries could ever be checked. */
export async function requireSigningSecret(ctx: IHookFunctions): Promise<void> {
	if (WHATSAPP_SIGNING_SECRET.of(await ctx.getCredentials(WHATSAPP_SIGNING_SECRET.credentialType)) !== '') return;
	throw new NodeOperationError(ctx.getNode(), `The credential has no ${WHATSAPP_SIGNING_SECRET.property.displayName}`, {
		description: `Open the credential of this trigger and paste the signing secret the dashboard shows for the WhatsApp sender's read-receipts webhook into "${WHATSAPP_SIGNING_SECRET.property.displayName}" (${WHATSAPP_SIGNING_SECRET.property.name}). Each sender has its own secret: use one credential per sender.`,
	});
}

/** Nothing to register: "exists" unless another event's registration is left to hand back (create() does). */
export async function readReceiptsExist(ctx: IHookFunctions): Promise<boolean> {
	await requireSigningSecret(ctx);
	return classicRegistrations.read(ctx, classicRegistrations.hookSlot(ctx)) === undefined;
}
