/**
 * Credential side of the harness: a registry of credential types and an ICredentialsHelper that
 * serves plain (already "decrypted") credential data but authenticates requests exactly the way the
 * n8n server does — through the credential type's own `authenticate` (function or declarative
 * `generic` block resolved by n8n's expression engine) and `preAuthentication`.
 */
import { Credentials } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	deepCopy,
	isExpression,
	type ICredentialDataDecryptedObject,
	type ICredentialsExpressionResolveValues,
	type ICredentialType,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeParameters,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { VoiceAssistantApi } from '../../credentials/VoiceAssistantApi.credentials';
import { VoiceAssistantPlatform2Api } from '../../credentials/VoiceAssistantPlatform2Api.credentials';

export type CredentialTypeInput = ICredentialType | (new () => ICredentialType);

/** The credential types a harness call knows, by name. */
export class CredentialTypeRegistry {
	private readonly byName = new Map<string, ICredentialType>();

	constructor(types: CredentialTypeInput[]) {
		for (const input of types) {
			const type = typeof input === 'function' ? new input() : input;
			this.byName.set(type.name, type);
		}
	}

	has(name: string): boolean {
		return this.byName.has(name);
	}

	getByName(name: string): ICredentialType {
		const type = this.byName.get(name);
		if (!type) throw new UnexpectedError(`Harness: unknown credential type "${name}"`);
		return type;
	}

	/** All types `name` extends, transitively (n8n uses this to spot OAuth credentials). */
	getParentTypes(name: string): string[] {
		const parents = this.byName.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}
}

let defaultTypes: CredentialTypeInput[] = [VoiceAssistantApi, VoiceAssistantPlatform2Api];
const registryCache = new WeakMap<CredentialTypeInput[], CredentialTypeRegistry>();

/** Replace the credential classes used when a call does not pass its own list. */
export function setDefaultCredentialTypes(types: CredentialTypeInput[]): void {
	defaultTypes = types;
}

export function credentialRegistry(types?: CredentialTypeInput[]): CredentialTypeRegistry {
	const list = types ?? defaultTypes;
	let registry = registryCache.get(list);
	if (!registry) {
		registry = new CredentialTypeRegistry(list);
		registryCache.set(list, registry);
	}
	return registry;
}

/** The id/name the node's `credentials` entry points at; the helper ignores them except for lookups. */
export const HARNESS_CREDENTIAL_ID = 'harness-credential-1';

export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** Stored (pre-default) data per credential type, as a user would have saved it. */
	private readonly stored = new Map<string, ICredentialDataDecryptedObject>();

	constructor(
		private readonly types: CredentialTypeRegistry,
		data: Record<string, ICredentialDataDecryptedObject> = {},
	) {
		super();
		for (const [type, value] of Object.entries(data)) this.stored.set(type, deepCopy(value));
	}

	getParentTypes(name: string): string[] {
		return this.types.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.types.has(credentialType)) return true;
		const type = this.types.getByName(credentialType);
		if (!type.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some((name) => nodeType === name || nodeType.endsWith(`.${name}`));
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.types.getByName(type);
		if (!credentialType.extends) return credentialType.properties;
		const merged: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(merged, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(merged, credentialType.properties);
		return merged;
	}

	/** Stored data + the credential type's defaults, with expressions resolved like the server does. */
	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: Parameters<ICredentialsHelper['getDecrypted']>[4],
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.stored.get(type);
		if (!stored) throw new UnexpectedError(`Harness: no credential data of type "${type}" was given`);
		if (raw === true) return deepCopy(stored);
		const withDefaults = this.applyDefaults(type, stored);
		if (!expressionResolveValues) return withDefaults;
		const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } =
			expressionResolveValues;
		return workflow.expression.getParameterValue(
			withDefaults as INodeParameters,
			runExecutionData,
			runIndex,
			itemIndex,
			node.name,
			connectionInputData,
			mode,
			{},
			executeData,
			false,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	applyDefaults(type: string, data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			deepCopy(data) as INodeParameters,
			true,
			false,
			null,
			null,
		);
		return (withDefaults ?? {}) as ICredentialDataDecryptedObject;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.types.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) {
				throw new UnexpectedError('Declarative credential authentication needs the workflow and node');
			}
			const resolve = (value: string) => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved === undefined || resolved === null ? '' : String(resolved);
			};
			// Each block (headers, qs, body, auth) is merged into the request under resolved keys.
			const target = requestOptions as unknown as Record<string, Record<string, string> | undefined>;
			for (const [block, entries] of Object.entries(authenticate.properties)) {
				const merged = { ...(target[block] ?? {}) };
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					merged[resolve(key)] = resolve(value);
				}
				target[block] = merged;
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	/** Mirrors the server: runs the hook when the credential's expirable field is empty or expired. */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		this.stored.set(typeName, { ...(this.stored.get(typeName) ?? {}), ...output });
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<Credentials> {
		const credentials = new Credentials({ id: nodeCredentials.id, name: nodeCredentials.name }, type);
		await credentials.setData(deepCopy(this.stored.get(type) ?? {}));
		return credentials;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.stored.set(type, deepCopy(data));
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.stored.set(type, { ...(this.stored.get(type) ?? {}), oauthTokenData: data.oauthTokenData });
	}
}
