// The record families of the Platform 2.0 catalogue, as data for scripts/generate-platform2.mjs: which
// family an ID field belongs to (by the collection in front of a path parameter, by a field's API name,
// or by the operation), and the list each family's picker reads.

/**
 * Every family of records an ID can belong to: its name in the editor and the catalogue operation
 * that lists its records (the searchable list's source; a list under a parent record, such as an
 * assistant's versions, reads the parent picked in the same operation). null: the catalogue has no
 * list of them, so their IDs stay text (named in docs/platform2.md). A third entry says how the list is
 * read when it is not the plain list of the records' own IDs:
 * - `value`: the key of each record that holds the ID asked for (a team member's user ID, not the membership's);
 * - `across`: a list under a parent, read across every parent record (widgets kept on any dashboard), not
 *   under the parent picked in the operation.
 */
export const FAMILIES = {
	assistant: ['Assistant', 'listAssistants'],
	assistantTest: ['Assistant Test', 'listAssistantTests'],
	assistantVersion: ['Assistant Version', 'listAssistantVersions'],
	announcement: ['Announcement', 'getAssistantAnnouncements'],
	campaign: ['Campaign', 'listCampaigns'],
	lead: ['Lead', 'listLeads'],
	contact: ['Contact', 'listAudienceContacts'],
	phoneNumber: ['Phone Number', 'listPhoneNumbers'],
	phoneNumberVerification: ['Phone Number Verification', 'listPhoneNumberVerifications'],
	knowledgeBase: ['Knowledge Base', 'listKnowledgeBases'],
	knowledgeDocument: ['Knowledge Document', 'listKnowledgeBaseDocuments'],
	knowledgeBaseFaq: ['FAQ', 'listKnowledgeBaseFaqs'],
	crawlSource: ['Crawl Source', 'listCrawlSources'],
	driveSource: ['Drive Source', 'listDriveSources'],
	tool: ['Tool', 'listTools'],
	segment: ['Segment', 'listSegments'],
	automation: ['Automation', 'listAutomations'],
	automationConnection: ['Connection', 'listAutomationConnections'],
	acuityConnection: ['Acuity Connection', 'listAcuityConnections'],
	calendlyConnection: ['Calendly Connection', 'listCalendlyConnections'],
	voice: ['Voice', 'listVoices'],
	voiceClone: ['Voice Clone', 'listVoiceClones'],
	voiceCloneJob: ['Voice Clone Job', null],
	dashboard: ['Dashboard', 'listDashboards'],
	dashboardWidget: ['Widget', 'listDashboardWidgets'],
	// a widget record outlives the dashboards it is on ("the reusable widget record is retained")
	reusableWidget: ['Widget', 'listDashboardWidgets', { across: true }],
	routine: ['Routine', 'listRoutines'],
	routineRun: ['Routine Run', 'listRoutineRuns'],
	routineVersion: ['Routine Version', 'listRoutineVersions'],
	sipTrunk: ['SIP Trunk', 'listSipTrunks'],
	messagingConnector: ['Messaging Connector', 'listMessagingConnectors'],
	whatsAppTemplate: ['WhatsApp Template', 'listWhatsAppTemplates'],
	integration: ['Integration', 'listIntegrations'],
	carrierConnection: ['Carrier Connection', 'listCarrierConnections'],
	bookingEventType: ['Booking Event Type', 'listBookingEventTypes'],
	booking: ['Booking', 'listBookings'],
	call: ['Call', 'listCalls'],
	historyItem: ['Conversation', 'listHistory'],
	inboxLabel: ['Inbox Label', null],
	scheduledCallback: ['Scheduled Callback', 'listScheduledCallbacks'],
	widgetConnector: ['Widget Connector', 'listWidgetConnectors'],
	crmSync: ['CRM Sync', 'listCrmSyncs'],
	platformUser: ['Platform User', 'listPlatformUsers'],
	platformCustomPayment: ['Custom Payment', 'listPlatformCustomPayments'],
	apiKey: ['API Key', 'listApiKeys'],
	callerId: ['Caller ID', 'listCallerIds'],
	workspace: ['Workspace', 'listWorkspaces'],
	teamMember: ['Team Member', 'listTeamMembers'],
	// "Current owner user ID from List team members" (the catalogue, on transferWorkspaceOwnership)
	teamMemberUser: ['Team Member', 'listTeamMembers', { value: 'user_id' }],
	accountSession: ['Session', 'listAccountSessions'],
	passkey: ['Passkey', 'listPasskeys'],
	translationSession: ['Translation Session', 'listTranslationSessions'],
	emailAddress: ['E-Mail Address', 'listEmailAddresses'],
	emailDomain: ['E-Mail Domain', 'listEmailDomains'],
	qaRun: ['QA Run', 'listQaRuns'],
	resellerPlan: ['Reseller Plan', 'listResellerPlans'],
	loopCall: ['Loop Call', 'listLoopCalls'],
	loopDevice: ['Loop Device', 'listLoopDevices'],
	loopMember: ['Loop Member', 'listLoopDirectory'],
	loopNumberRoute: ['Loop Number Route', 'listLoopNumberRoutes'],
	loopQueue: ['Loop Queue', 'listLoopQueues'],
	loopRecall: ['Loop Recall', 'listLoopRecalls'],
	loopRingGroup: ['Loop Ring Group', 'listLoopRingGroups'],
	loopRoutingRule: ['Loop Routing Rule', 'listLoopRoutingRules'],
};

/**
 * Families whose record kind another field of the operation names: the picker lists the records of the
 * family that field's value names (a Loop number's destination: a member, ring group, queue, routing rule
 * or assistant, by Target Type). A value with no family here has no list: its ID is typed By ID.
 */
export const FAMILIES_CHOSEN_BY = {
	loopDestination: {
		label: 'Loop Destination',
		by: 'target_type',
		families: { member: 'loopMember', ring_group: 'loopRingGroup', queue: 'loopQueue', routing_rule: 'loopRoutingRule', assistant: 'assistant' },
	},
};

/** The family of a path parameter's record: the collection in front of it (other parameters as {}). */
export const FAMILY_BY_COLLECTION = {
	'/assistants': 'assistant',
	'/assistants/{}/announcements': 'announcement',
	'/assistants/{}/automations': 'automation',
	'/assistants/{}/tests': 'assistantTest',
	'/assistants/{}/versions': 'assistantVersion',
	'/campaigns': 'campaign',
	'/campaigns/{}/leads': 'lead',
	'/phone-numbers': 'phoneNumber',
	'/phone-numbers/verifications': 'phoneNumberVerification',
	'/knowledge-bases': 'knowledgeBase',
	'/knowledge-bases/{}/documents': 'knowledgeDocument',
	'/knowledge-bases/{}/faqs': 'knowledgeBaseFaq',
	'/knowledge-bases/{}/crawl-sources': 'crawlSource',
	'/knowledge-bases/{}/drive-sources': 'driveSource',
	'/tools': 'tool',
	// an audience contact: /leads lists them, /contacts/{id}/memory is the same contact's memory
	'/leads': 'contact',
	'/contacts': 'contact',
	'/segments': 'segment',
	'/automations': 'automation',
	'/automations/connections': 'automationConnection',
	'/voices': 'voice',
	'/voices/clone': 'voiceClone',
	'/voices/clone/jobs': 'voiceCloneJob',
	'/dashboards': 'dashboard',
	'/dashboards/{}/widgets': 'dashboardWidget',
	'/routines': 'routine',
	'/routines/{}/runs': 'routineRun',
	'/sip-trunks': 'sipTrunk',
	'/messaging-connectors': 'messagingConnector',
	'/whatsapp/connectors': 'messagingConnector',
	'/integrations': 'integration',
	'/carrier-connections': 'carrierConnection',
	// "Imported phone-number resource ID": an imported number is one of the workspace's phone numbers
	'/carrier-connections/{}/numbers': 'phoneNumber',
	'/booking-event-types': 'bookingEventType',
	'/bookings': 'booking',
	'/calls': 'call',
	'/history/emails': 'historyItem',
	'/history/messaging': 'historyItem',
	'/history/inbox-labels': 'inboxLabel',
	'/scheduled-callbacks': 'scheduledCallback',
	'/widget-connectors': 'widgetConnector',
	'/crm-syncs': 'crmSync',
	'/platform/users': 'platformUser',
	'/platform/custom-payments': 'platformCustomPayment',
	'/api-keys': 'apiKey',
	'/caller-ids': 'callerId',
	'/workspaces': 'workspace',
	'/team-members': 'teamMember',
	'/translation-sessions': 'translationSession',
	'/email/addresses': 'emailAddress',
	'/email/domains': 'emailDomain',
	'/qa/runs': 'qaRun',
	'/reseller/plans': 'resellerPlan',
	'/loop/calls': 'loopCall',
	'/loop/devices': 'loopDevice',
	'/loop/number-routes': 'loopNumberRoute',
	'/loop/queues': 'loopQueue',
	'/loop/recalls': 'loopRecall',
	'/loop/ring-groups': 'loopRingGroup',
	'/loop/routing-rules': 'loopRoutingRule',
};

/** Body and query fields that hold the ID of a family's record, by their API name. */
export const FAMILY_BY_FIELD = {
	assistant_id: 'assistant',
	assistant_ids: 'assistant',
	campaign_id: 'campaign',
	phone_number_id: 'phoneNumber',
	outbound_phone_number_id: 'phoneNumber',
	from_number_id: 'phoneNumber',
	default_outbound_number_id: 'phoneNumber',
	phone_number_row_id: 'phoneNumber',
	knowledgebase_id: 'knowledgeBase',
	knowledge_base_id: 'knowledgeBase',
	tool_id: 'tool',
	tool_ids: 'tool',
	automation_id: 'automation',
	segment_id: 'segment',
	connector_id: 'messagingConnector',
	integration_id: 'integration',
	integration_ids: 'integration',
	sip_trunk_id: 'sipTrunk',
	event_type_id: 'bookingEventType',
	exclude_booking_id: 'booking',
	call_id: 'call',
	call_ids: 'call',
	workspace_id: 'workspace',
	contact_id: 'contact',
	from_contact_id: 'contact',
	lead_id: 'contact',
	lead_ids: 'contact',
	voice_id: 'voice',
	document_ids: 'knowledgeDocument',
	domain_id: 'emailDomain',
	sender_email_address_id: 'emailAddress',
	member_id: 'teamMember',
	member_ids: 'loopMember',
	overflow_rule_id: 'loopRoutingRule',
	replace_verification_id: 'phoneNumberVerification',
	session_id: 'accountSession',
	passkey_id: 'passkey',
	template_id: 'whatsAppTemplate',
	version_id: 'routineVersion',
	ids: 'historyItem',
};

/** Fields whose family depends on the operation (the same API name meaning different records). */
export const FAMILY_BY_FIELD_OF = {
	createCrmSync: { connection_id: 'automationConnection' },
	discoverCrmSyncMetadata: { connection_id: 'automationConnection' },
	createDriveSource: { connection_id: 'automationConnection' },
	updateDriveSource: { connection_id: 'automationConnection' },
	listAcuityAppointmentTypes: { connection_id: 'acuityConnection' },
	listAcuityCalendars: { connection_id: 'acuityConnection' },
	listCalendlyEventTypes: { connection_id: 'calendlyConnection' },
	replyToHistoryConversation: { id: 'historyItem' },
	whatsAppTemplatesAction: { id: 'whatsAppTemplate' },
	// "update" a widget points it at another widget of the dashboard
	updateDashboardWidget: { widget_id: 'dashboardWidget' },
	// "provide widget_id to attach an existing reusable widget": one kept on any dashboard
	createDashboardWidget: { widget_id: 'reusableWidget' },
	// "Current owner user ID from List team members"
	transferWorkspaceOwnership: { expected_owner_user_id: 'teamMemberUser' },
	// "Bookable workspace calendar": the workspace's calendars are its calendar integrations ("Calendars use Integrations")
	updateLoopAvailability: { recall_appointment_calendar_id: 'integration' },
	// the catalogue names no kind; Loop's routes are its routing rules (a queue's overflow_rule_id is one too)
	updateLoopSettings: { default_route_id: 'loopRoutingRule' },
	// a member, ring group, queue, routing rule or assistant, as Target Type says
	setLoopNumberRoute: { target_id: 'loopDestination' },
};
