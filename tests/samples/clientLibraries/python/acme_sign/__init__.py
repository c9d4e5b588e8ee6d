"""A test-side stand-in for the published Python client, with exactly the surface the library
page documents, sending every call to the API over HTTP with requests (and munch for the
dot access to response data) as the published client does."""

import json
import os

import requests
from munch import munchify

__all__ = ["BundleHelper", "Client", "NormalizedResponse"]

_DEFAULT_BASE_URL = "https://api.acme-sign.example/api/v2"


class NormalizedResponse:
    """The parsed body (`data`, dictionaries with attribute access), status and raw response."""

    def __init__(self, response):
        try:
            self.data = munchify(response.json())
        except ValueError:
            self.data = response.content
        self.status = response.status_code
        self.request = response.request
        self.original_response = response


class _Resource:
    def __init__(self, client):
        self._client = client

    def _send(self, method, path, **kwargs):
        return self._client._send(method, path, **kwargs)


class _Bundles(_Resource):
    def create(self, data):
        return self._send("POST", "/bundles/", json=data)

    def create_from_bundle_helper(self, helper):
        return self.create(data=helper.as_data())

    def create_from_envelope_template(self, data):
        return self._send("POST", "/bundles/create_from_envelope_template/", json=data)

    def list(self, **params):
        return self._send("GET", "/bundles/", params=params)

    def retrieve(self, bundle_id, related_data=False):
        """With related_data, the events and, for a complete bundle, its files and data are attached."""
        response = self._send("GET", f"/bundles/{bundle_id}/")
        if related_data:
            bundle = response.data
            bundle.events = self.list_events(bundle_id).data
            if bundle.status == "co":
                bundle.files = self.list_files(bundle_id).data
                bundle.data = self.list_data(bundle_id).data
        return response

    def cancel(self, bundle_id):
        return self._send("PUT", f"/bundles/{bundle_id}/cancel/")

    def list_events(self, bundle_id):
        return self._send("GET", f"/bundles/{bundle_id}/events/")

    def list_files(self, bundle_id):
        return self._send("GET", f"/bundles/{bundle_id}/files/")

    def list_data(self, bundle_id):
        return self._send("GET", f"/bundles/{bundle_id}/data/")


class _Packets(_Resource):
    def update(self, packet_id, data):
        return self._send("PATCH", f"/packets/{packet_id}/", json=data)

    def embed_url(self, packet_id):
        return self._send("POST", f"/packets/{packet_id}/embed_url/")

    def remind(self, packet_id):
        return self._send("PUT", f"/packets/{packet_id}/remind/")

    def retrieve_coe(self, packet_id):
        return self._send("GET", f"/packets/{packet_id}/coe/")


class _Collection(_Resource):
    def __init__(self, client, path):
        super().__init__(client)
        self._path = path

    def list(self, **params):
        return self._send("GET", self._path, params=params)

    def retrieve(self, object_id):
        return self._send("GET", f"{self._path}{object_id}/")


class _EditableCollection(_Collection):
    def create(self, data):
        return self._send("POST", self._path, json=data)

    def update(self, object_id, data, partial=False):
        return self._send("PATCH" if partial else "PUT", f"{self._path}{object_id}/", json=data)

    def delete(self, object_id):
        return self._send("DELETE", f"{self._path}{object_id}/")


class _Webhooks(_EditableCollection):
    def __init__(self, client):
        super().__init__(client, "/webhooks/")
        self._headers = _EditableCollection(client, "/webhooks/headers/")

    def create_header(self, data):
        return self._headers.create(data)

    def list_headers(self, **params):
        return self._headers.list(**params)

    def retrieve_header(self, header_id):
        return self._headers.retrieve(header_id)

    def update_header(self, header_id, data, partial=False):
        return self._headers.update(header_id, data, partial)

    def delete_header(self, header_id):
        return self._headers.delete(header_id)

    def list_events(self, **params):
        return self._send("GET", "/webhooks/events/", params=params)

    def list_deliveries(self, **params):
        return self._send("GET", "/webhooks/deliveries/", params=params)

    def retrieve_secret(self):
        return self._send("GET", "/webhooks/secret/")

    def regenerate_secret(self):
        return self._send("POST", "/webhooks/secret/regenerate/")


class Client:
    def __init__(self, private_api_key=None, base_url=None, raise_exceptions=True):
        key = private_api_key or os.environ.get("ACME_SIGN_PRIVATE_API_KEY")
        if not key:
            raise ValueError("Pass private_api_key, or set ACME_SIGN_PRIVATE_API_KEY.")
        self._base_url = (base_url or os.environ.get("ACME_SIGN_API_URL") or _DEFAULT_BASE_URL).rstrip("/")
        self._raise_exceptions = raise_exceptions
        self._session = requests.Session()
        self._session.headers["Authorization"] = f"Token {key}"
        self.bundles = _Bundles(self)
        self.packets = _Packets(self)
        self.persons = _EditableCollection(self, "/persons/")
        self.templates = _Collection(self, "/templates/")
        self.envelope_templates = _Collection(self, "/envelope-templates/")
        self.webhooks = _Webhooks(self)

    def _send(self, method, path, **kwargs):
        response = self._session.request(method, self._base_url + path, **kwargs)
        if self._raise_exceptions:
            response.raise_for_status()
        return NormalizedResponse(response)


class BundleHelper:
    """Builds a bundle request in code; the keys it is not given are generated."""

    def __init__(self, label=None, email_subject=None, email_message=None, in_order=None, is_test=None,
                 custom_key=None, team=None):
        given = dict(label=label, email_subject=email_subject, email_message=email_message, in_order=in_order,
                     is_test=is_test, custom_key=custom_key, team=team)
        self._bundle = {name: value for name, value in given.items() if value is not None}
        self._documents = []
        self._packets = []
        self._cc_emails = []

    def add_cc(self, email):
        self._cc_emails.append(email)

    def add_document_by_url(self, url, key=None, **document):
        key = key or f"doc{len(self._documents) + 1}"
        self._documents.append({**document, "key": key, "file_url": url})
        return key

    def add_signer(self, name, email=None, phone=None, key=None, **packet):
        if email is None and phone is None:
            raise ValueError("A signer needs an email address or a phone number.")
        key = key or f"signer{len(self._packets) + 1}"
        contact = {"email": email, "phone": phone}
        self._packets.append({**packet, "key": key, "name": name, **{k: v for k, v in contact.items() if v is not None}})
        return key

    def add_field(self, document_key, x, y, w, h, p, kind, editors=None, label=None, **field):
        field = {**field, "kind": kind, "page": p, "x": x, "y": y, "w": w, "h": h}
        if label is not None:
            field["label"] = label
        if editors is not None:
            field["editors"] = list(editors)
        self._document(document_key).setdefault("fields", []).append(field)

    def add_auto_placement(self, document_key, kind, search, w=None, h=None, offset_x=None, offset_y=None,
                           editors=None, **placement):
        given = dict(w=w, h=h, offset_x=offset_x, offset_y=offset_y, editors=editors)
        placement = {**placement, "kind": kind, "search": search, **{k: v for k, v in given.items() if v is not None}}
        self._document(document_key).setdefault("auto_placements", []).append(placement)

    def as_data(self):
        data = {**self._bundle, "documents": self._documents, "packets": self._packets}
        if self._cc_emails:
            data["cc_emails"] = self._cc_emails
        return json.loads(json.dumps(data))

    def _document(self, key):
        for document in self._documents:
            if document["key"] == key:
                return document
        raise ValueError(f"No document with key {key} in this bundle.")
