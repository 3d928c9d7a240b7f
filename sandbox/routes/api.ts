/** The /api route table. */
import { onlyOn, type Handler } from '../http';
import { Router } from '../router';
import {
	createAssistant,
	deleteAssistant,
	listAssistants,
	listOutboundAssistants,
	updateAssistant,
} from './assistants';
import { getMe } from './account';
import { createApiKey, deleteApiKey, listApiKeys } from './apiKeys';
import { deleteCall, getCall, listCalls, makeCall } from './calls';
import { createCampaign, deleteCampaign, listCampaigns, updateCampaignStatus } from './campaigns';
import { createConversation, generateReply, getConversation, listConversations, sendMessage, setConversationAi } from './conversations';
import { groupRoutes } from './groups';
import {
	createDocument,
	createKnowledgeBase,
	deleteDocument,
	deleteKnowledgeBase,
	getDocument,
	getKnowledgeBase,
	listDocuments,
	listKnowledgeBases,
	updateDocument,
	updateKnowledgeBase,
} from './knowledgeBases';
import { createLead, deleteLead, listLeads, updateLead } from './leads';
import { listAllPhoneNumbers, purchasePhoneNumber, searchPhoneNumbers } from './phoneNumbers';
import { releasePhoneNumber, updatePhoneNumber } from './phoneNumberWrites';
import { createSipTrunk, getSipTrunk, listSipTrunks, updateSipTrunk } from './sipTrunks';
import {
	disableConversationEndedWebhook,
	disableInboundWebhook,
	disablePostCallWebhook,
	enableConversationEndedWebhook,
	enableInboundWebhook,
	enablePostCallWebhook,
} from './webhookSwitches';
import { listLanguages, listModels, listPhoneNumbers, listSynthesizerProviders, listTranscriberProviders, listVoices } from './reference';
import { sendSms } from './sms';
import { createTool, deleteTool, getTool, listTools, updateTool } from './tools';
import { createWhiteLabelToken, listWhiteLabelUsers, registerWhiteLabelUser, transferWhiteLabelBalance } from './whiteLabel';
import { listSenders, listTemplates, sendFreeform, sendTemplate, sessionStatus } from './whatsapp';

export function apiRouter(): Router<Handler> {
	const router = new Router<Handler>()
		.add('POST', '/api/user/lead', createLead)
		.add('GET', '/api/user/leads', listLeads)
		.add('PUT', '/api/user/leads/:id', onlyOn('reference', updateLead))
		.add('PUT', '/api/leads/:id', onlyOn('2026', updateLead))
		.add('DELETE', '/api/user/leads/:id', deleteLead)
		.add('GET', '/api/user/campaigns', listCampaigns)
		.add('POST', '/api/user/campaigns', createCampaign)
		.add('POST', '/api/user/campaigns/update-status', updateCampaignStatus)
		.add('DELETE', '/api/user/campaign/:id', deleteCampaign)
		.add('POST', '/api/user/make_call', makeCall)
		.add('GET', '/api/user/calls', listCalls)
		.add('GET', '/api/user/calls/:id', getCall)
		.add('DELETE', '/api/user/calls/:id', deleteCall)
		.add('POST', '/api/user/sms', sendSms)
		.add('POST', '/api/user/assistant', createAssistant)
		.add('PUT', '/api/user/assistant/:id', updateAssistant)
		.add('DELETE', '/api/user/assistant/:id', deleteAssistant)
		.add('GET', '/api/user/assistants/get', listAssistants)
		.add('GET', '/api/user/assistants/outbound', listOutboundAssistants)
		.add('POST', '/api/user/assistants/enable-inbound-webhook', enableInboundWebhook)
		.add('POST', '/api/user/assistants/disable-inbound-webhook', disableInboundWebhook)
		.add('POST', '/api/user/assistants/enable-webhook', enablePostCallWebhook)
		.add('POST', '/api/user/assistants/disable-webhook', disablePostCallWebhook)
		.add('GET', '/api/user/assistants/models', listModels)
		.add('GET', '/api/user/assistants/voices', listVoices)
		.add('GET', '/api/user/assistants/languages', listLanguages)
		.add('GET', '/api/user/assistants/synthesizer-providers', listSynthesizerProviders)
		.add('GET', '/api/user/assistants/transcriber-providers', listTranscriberProviders)
		.add('GET', '/api/user/assistants/phone-numbers', listPhoneNumbers)
		.add('POST', '/api/user/assistants/enable-conversation-ended-webhook', enableConversationEndedWebhook)
		.add('POST', '/api/user/assistants/disable-conversation-ended-webhook', disableConversationEndedWebhook)
		.add('POST', '/api/ai/generate-reply', onlyOn('reference', generateReply))
		.add('POST', '/api/user/ai/generate-reply', onlyOn('2026', generateReply))
		.add('POST', '/api/conversations', createConversation)
		.add('GET', '/api/conversations/:uuid', getConversation)
		.add('POST', '/api/conversations/:uuid/messages', sendMessage)
		.add('GET', '/api/user/conversations', listConversations)
		.add('POST', '/api/automate/conversations/:uuid/disable-ai', setConversationAi(false))
		.add('POST', '/api/automate/conversations/:uuid/enable-ai', setConversationAi(true))
		.add('GET', '/api/user/whatsapp/senders', listSenders)
		.add('GET', '/api/user/whatsapp/senders/:id/templates', listTemplates)
		.add('POST', '/api/user/whatsapp/send', sendTemplate)
		.add('POST', '/api/user/whatsapp/send-freeform', sendFreeform)
		.add('GET', '/api/user/whatsapp/session-status', sessionStatus)
		.add('GET', '/api/user/me', getMe)
		.add('GET', '/api/user/api-keys', listApiKeys)
		.add('POST', '/api/user/api-keys', createApiKey)
		.add('DELETE', '/api/user/api-keys/:id', deleteApiKey)
		.add('GET', '/api/user/phone-numbers/all', listAllPhoneNumbers)
		.add('GET', '/api/user/phone-numbers/search', searchPhoneNumbers)
		.add('POST', '/api/user/phone-numbers/purchase', purchasePhoneNumber)
		.add('GET', '/api/user/phone-numbers/sip-trunks', listSipTrunks)
		.add('POST', '/api/user/phone-numbers/sip-trunks', createSipTrunk)
		.add('GET', '/api/user/phone-numbers/sip-trunks/:id', getSipTrunk)
		.add('PUT', '/api/user/phone-numbers/sip-trunks/:id', updateSipTrunk)
		.add('PUT', '/api/user/phone-numbers/:id', updatePhoneNumber)
		.add('DELETE', '/api/user/phone-numbers/:id', releasePhoneNumber)
		.add('GET', '/api/user/tools', listTools)
		.add('POST', '/api/user/tools', createTool)
		.add('GET', '/api/user/tools/:id', getTool)
		.add('PUT', '/api/user/tools/:id', updateTool)
		.add('DELETE', '/api/user/tools/:id', deleteTool)
		.add('GET', '/api/white-label/users', listWhiteLabelUsers)
		.add('POST', '/api/white-label/register', registerWhiteLabelUser)
		.add('POST', '/api/white-label/token', createWhiteLabelToken)
		.add('POST', '/api/white-label/transfer', transferWhiteLabelBalance)
		.add('GET', '/api/user/knowledgebases', listKnowledgeBases)
		.add('POST', '/api/user/knowledgebases', createKnowledgeBase)
		.add('GET', '/api/user/knowledgebases/:id', getKnowledgeBase)
		.add('PUT', '/api/user/knowledgebases/:id', updateKnowledgeBase)
		.add('DELETE', '/api/user/knowledgebases/:id', deleteKnowledgeBase)
		.add('GET', '/api/user/knowledgebases/:id/documents', listDocuments)
		.add('POST', '/api/user/knowledgebases/:id/documents', createDocument)
		.add('GET', '/api/user/knowledgebases/:id/documents/:docId', getDocument)
		.add('PUT', '/api/user/knowledgebases/:id/documents/:docId', updateDocument)
		.add('DELETE', '/api/user/knowledgebases/:id/documents/:docId', deleteDocument);
	for (const [method, path, handler] of [...groupRoutes('folder'), ...groupRoutes('label')]) router.add(method, path, handler);
	return router;
}
