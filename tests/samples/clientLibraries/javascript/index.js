// A test-side stand-in for the published Node.js client, with exactly the surface the library
// page documents, sending every call to the API over HTTP with axios as the published client
// does: methods resolve to axios responses and HTTP errors reject with axios errors.
import axios from 'axios';

const defaultBaseUrl = 'https://api.acme-sign.example/api/v2';

// The request each method sends. Path parameters are its first arguments; the next one is the
// JSON body (POST, PUT, PATCH) or the query parameters (GET, DELETE).
const routes = {
  bundles: {
    create: 'POST /bundles/',
    list: 'GET /bundles/',
    cancel: 'PUT /bundles/{bundleSlug}/cancel/',
    listEvents: 'GET /bundles/{bundleSlug}/events/',
    listFiles: 'GET /bundles/{bundleSlug}/files/',
    listData: 'GET /bundles/{bundleSlug}/data/',
  },
  packets: {
    update: 'PATCH /packets/{packetId}/',
    embedUrl: 'POST /packets/{packetId}/embed_url/',
    remind: 'PUT /packets/{packetId}/remind/',
    retrieveCOE: 'GET /packets/{packetId}/coe/',
  },
  persons: {
    create: 'POST /persons/',
    list: 'GET /persons/',
    retrieve: 'GET /persons/{personId}/',
    update: 'PUT /persons/{personId}/',
    partialUpdate: 'PATCH /persons/{personId}/',
    delete: 'DELETE /persons/{personId}/',
  },
  templates: { list: 'GET /templates/', retrieve: 'GET /templates/{templateId}/' },
  envelopeTemplates: { list: 'GET /envelope-templates/', retrieve: 'GET /envelope-templates/{envelopeTemplateId}/' },
  webhooks: {
    create: 'POST /webhooks/',
    list: 'GET /webhooks/',
    retrieve: 'GET /webhooks/{webhookId}/',
    update: 'PUT /webhooks/{webhookId}/',
    partialUpdate: 'PATCH /webhooks/{webhookId}/',
    delete: 'DELETE /webhooks/{webhookId}/',
    listHeader: 'GET /webhooks/headers/',
    createHeader: 'POST /webhooks/headers/',
    retrieveHeader: 'GET /webhooks/headers/{webhookExtraHeaderId}/',
    updateHeader: 'PUT /webhooks/headers/{webhookExtraHeaderId}/',
    partialUpdateHeader: 'PATCH /webhooks/headers/{webhookExtraHeaderId}/',
    deleteHeader: 'DELETE /webhooks/headers/{webhookExtraHeaderId}/',
    listEvents: 'GET /webhooks/events/',
    listDeliveries: 'GET /webhooks/deliveries/',
    retrieveSecret: 'GET /webhooks/secret/',
    regenerateSecret: 'POST /webhooks/secret/regenerate/',
  },
};

function send(http, route, args) {
  const [method, template] = route.split(' ');
  const rest = [...args];
  const url = template.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(rest.shift())));
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return http.request({ method, url, ...(hasBody ? { data: rest[0] } : { params: rest[0] }) });
}

export class Client {
  constructor(privateApiKey, baseApiUrl) {
    const key = privateApiKey || process.env.ACME_SIGN_PRIVATE_API_KEY;
    if (!key) throw new Error('Pass your private API key to new Client(), or set ACME_SIGN_PRIVATE_API_KEY.');
    const http = axios.create({
      baseURL: baseApiUrl || process.env.ACME_SIGN_API_URL || defaultBaseUrl,
      headers: { Authorization: `Token ${key}` },
    });
    for (const [resource, methods] of Object.entries(routes)) {
      this[resource] = Object.fromEntries(
        Object.entries(methods).map(([name, route]) => [name, (...args) => send(http, route, args)]),
      );
    }
    // With related_data, the events and, for a complete bundle, its files and data are fetched too.
    this.bundles.retrieve = async (slug, { related_data: relatedData = false } = {}) => {
      const response = await send(http, 'GET /bundles/{bundleSlug}/', [slug]);
      if (relatedData) {
        const related = { events: (await this.bundles.listEvents(slug)).data };
        if (response.data.status === 'co') {
          related.files = (await this.bundles.listFiles(slug)).data;
          related.data = (await this.bundles.listData(slug)).data;
        }
        response.data.related_data = related;
      }
      return response;
    };
  }
}

/** Builds a bundle request in code; the keys it is not given are generated. */
export class BundleHelper {
  #bundle;

  constructor(bundle = {}) {
    this.#bundle = { ...bundle, documents: [...(bundle.documents ?? [])], packets: [...(bundle.packets ?? [])] };
  }

  addDocumentByUrl(fileUrl, document = {}) {
    const key = document.key ?? `doc${this.#bundle.documents.length + 1}`;
    this.#bundle.documents.push({ ...document, key, file_url: fileUrl, fields: [...(document.fields ?? [])] });
    return key;
  }

  addSigner(signer) {
    const key = signer.key ?? `signer${this.#bundle.packets.length + 1}`;
    this.#bundle.packets.push({ ...signer, key });
    return key;
  }

  addField(docKey, field) {
    this.#document(docKey).fields.push({ ...field });
  }

  addAutoPlacement(docKey, placement) {
    const document = this.#document(docKey);
    document.auto_placements = [...(document.auto_placements ?? []), { ...placement }];
  }

  asData() {
    return structuredClone(this.#bundle);
  }

  #document(key) {
    const document = this.#bundle.documents.find((candidate) => candidate.key === key);
    if (!document) throw new Error(`No document with key ${key} in this bundle.`);
    return document;
  }
}
