/**
 * The operations with behaviour of their own (the rules the README names), by operation id. A
 * handler may answer undefined to fall back to the generic answer of its shape (crud.ts).
 */
import type { P2Answer } from '../answers';
import type { P2Call } from '../context';
import { createApiKey, createWorkspaceApiKey, getApiKey, getMe, listApiKeys, revokeApiKey } from './account';
import { addLeads, createCall, startCampaign, stopCampaign } from './campaigns';
import { buyPhoneNumber } from './phoneNumbers';
import { listKnowledgeBaseFaqs } from './knowledge';
import { getAssistantAnnouncementAudio, getTranslationSession, getVoicePreview } from './media';
import { getAssistantVariables } from '../webhooks';
import { archiveTool, getAssistantTools, setAssistantTools, updateTool } from './tools';

export type Behaviour = (call: P2Call) => P2Answer | undefined;

export const BEHAVIOURS: Record<string, Behaviour> = {
	getMe,
	listApiKeys,
	getApiKey,
	revokeApiKey,
	createApiKey,
	createWorkspaceApiKey,
	startCampaign,
	stopCampaign,
	addLeads,
	createCall,
	buyPhoneNumber,
	updateTool,
	archiveTool,
	getAssistantTools,
	setAssistantTools,
	getVoicePreview,
	getAssistantAnnouncementAudio,
	getTranslationSession,
	listKnowledgeBaseFaqs,
	getAssistantVariables,
};
