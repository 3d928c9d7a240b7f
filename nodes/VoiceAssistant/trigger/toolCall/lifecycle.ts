/**
 * webhookMethods.default for "Tool Called During a Call", both account kinds (each kind's requests in
 * classicTools.ts / platform2Tools.ts). Activation creates the tool pointing at this trigger's URL
 * with a secret header made for this activation, then adds it to each chosen assistant's tools
 * without dropping the others. If the platform refuses anything (the plan's tool limit, a missing
 * scope), what was done is undone and activation fails with the platform's words. Deactivation
 * takes the tool off the assistants it was added to (tools added since stay) and removes the tool by
 * its ID, whatever was edited on it meanwhile.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IHookFunctions } from 'n8n-workflow';

import { maskSecretsInError } from '../../shared/maskSecrets';
import { webhookUrlOf } from '../registration';
import { nodeErrorOf } from '../../shared/platformErrors';
import { activationFailure } from './activationFailure';
import { endpointOf, hashSecret, newSecret } from '../secret';
import { classicTools } from './classicTools';
import { platform2Tools } from './platform2Tools';
import { toolRegistrations, type ToolRegistration } from './registration';
import type { AccountKind } from '../../shared/accountKind';
import { fingerprintOf, readToolSpec } from './spec';
import type { ToolPlatform } from './toolPlatform';

const platforms: Record<AccountKind, ToolPlatform> = { classic: classicTools, platform2: platform2Tools };

/** As the other events (../registration.ts hookSlot): n8n deletes test webhooks outside 'manual' mode; the URL tells. */

/** Undoes a registration: off the assistants it was added to, then the tool itself. Errors are collected, not thrown early. */
async function release(ctx: IHookFunctions, registration: ToolRegistration): Promise<void> {
	const platform = platforms[registration.kind];
	const failures: unknown[] = [];
	for (const assistantId of registration.addedTo) {
		await platform.detach(ctx, assistantId, registration.toolId).catch((error: unknown) => failures.push(error));
	}
	await platform.remove(ctx, registration.toolId).catch((error: unknown) => failures.push(error));
	if (failures.length > 0) throw nodeErrorOf(ctx.getNode(), failures[0]);
}

export async function toolCheckExists(ctx: IHookFunctions, kind: AccountKind): Promise<boolean> {
	const saved = toolRegistrations.read(ctx, toolRegistrations.hookSlot(ctx));
	const spec = readToolSpec(ctx, kind);
	if (!saved || saved.kind !== kind || saved.fingerprint !== fingerprintOf(spec) || endpointOf(saved.url) !== endpointOf(webhookUrlOf(ctx))) return false;
	const platform = platforms[kind];
	if (endpointOf(await platform.urlOf(ctx, saved.toolId)) !== endpointOf(saved.url)) return false;
	for (const assistantId of spec.assistantIds) {
		if (!(await platform.toolsOf(ctx, assistantId))?.includes(saved.toolId)) return false;
	}
	return true;
}

export async function toolCreate(ctx: IHookFunctions, kind: AccountKind): Promise<boolean> {
	const slot = toolRegistrations.hookSlot(ctx);
	const spec = readToolSpec(ctx, kind);
	const url = webhookUrlOf(ctx);
	const saved = toolRegistrations.read(ctx, slot);
	if (saved) {
		// An earlier activation was never undone (or the tool changed): undo it first.
		await release(ctx, saved);
		toolRegistrations.clear(ctx, slot);
	}
	const platform = platforms[kind];
	const secret = newSecret();
	const toolId = await platform.create(ctx, spec, url, secret).catch((error: unknown) => {
		// The platform may quote what it was given: the activation error must not carry the secret.
		throw maskSecretsInError(activationFailure(ctx.getNode(), `The tool "${spec.name}" was not created`, error), { values: [secret] });
	});
	const addedTo: string[] = [];
	try {
		for (const assistantId of spec.assistantIds) {
			const tools = await platform.toolsOf(ctx, assistantId);
			if (tools === undefined) throw new NodeOperationError(ctx.getNode(), `Assistant ${assistantId} was not found`, { description: 'It may have been deleted, or belong to another account: choose the assistants again.' });
			if (tools.includes(toolId)) continue;
			await platform.attach(ctx, assistantId, toolId);
			addedTo.push(assistantId);
		}
	} catch (error) {
		// Nothing half-made: the tool leaves the assistants it was added to, then the platform.
		await release(ctx, { kind, toolId, addedTo, secretHash: '', url, fingerprint: '' }).catch((undo: unknown) =>
			ctx.logger.warn(`Voice Assistant Trigger: could not undo tool ${toolId} after a failed activation: ${String((undo as Error)?.message ?? undo)}`),
		);
		throw activationFailure(ctx.getNode(), `The tool "${spec.name}" was not given to the assistants, and was removed again`, error);
	}
	toolRegistrations.save(ctx, slot, { kind, toolId, addedTo, secretHash: hashSecret(secret), url, fingerprint: fingerprintOf(spec) });
	return true;
}

export async function toolDelete(ctx: IHookFunctions): Promise<boolean> {
	const slot = toolRegistrations.hookSlot(ctx);
	const registration = toolRegistrations.read(ctx, slot);
	if (!registration) return true;
	// Kept on failure: the next activation undoes it again (toolCreate).
	await release(ctx, registration);
	toolRegistrations.clear(ctx, slot);
	return true;
}
