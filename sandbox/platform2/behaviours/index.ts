/**
 * The operations with behaviour of their own (the rules the README names), by operation id. A
 * handler may answer undefined to fall back to the generic answer of its shape (crud.ts).
 */
import type { P2Answer } from '../answers';
import type { P2Call } from '../context';
import { createApiKey, createWorkspaceApiKey, getApiKey, getMe, listApiKeys, revokeApiKey } from './account';
import { startCampaign, stopCampaign } from './campaignRuns';
import { createCall, getCall, getCallRecording, getOutboundLimits, listCalls } from './calls';
import { addLeads } from './leads';
import { buyPhoneNumber } from './phoneNumbers';
import { addSuppressionEntry, removeSuppressionEntry, sendSms } from './suppression';
import { listKnowledgeBaseFaqs } from './knowledge';
import { getAssistantAnnouncementAudio, getTranslationSession, getVoicePreview } from './media';
import { getAssistantVariables } from '../webhooks';
import { listAudienceContacts, listBookings, listHistory, listScheduledCallbacks } from './pollingLists';
import { archiveTool, createTool, getAssistantTools, getTool, listTools, setAssistantTools, updateTool } from './tools';
import { discoverTool } from './mcpDiscover';

/** An answer, or a promise of one where the platform itself waits for someone else (discoverTool asks the MCP server). */
export type Behaviour = (call: P2Call) => P2Answer | undefined | Promise<P2Answer>;

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
	getCall,
	listCalls,
	getCallRecording,
	getOutboundLimits,
	buyPhoneNumber,
	sendSms,
	addSuppressionEntry,
	removeSuppressionEntry,
	createTool,
	listTools,
	getTool,
	updateTool,
	archiveTool,
	discoverTool,
	getAssistantTools,
	setAssistantTools,
	getVoicePreview,
	getAssistantAnnouncementAudio,
	getTranslationSession,
	listKnowledgeBaseFaqs,
	getAssistantVariables,
	// the lists the polling trigger follows: their order and since-filters (listCalls: calls.ts)
	listHistory,
	listBookings,
	listScheduledCallbacks,
	listAudienceContacts,
};
