<?php
// A test-side stand-in for the published PHP client (1.x), with exactly the surface the library
// page documents, sending every call to the API over HTTP with Guzzle as the published client
// does: methods return the decoded JSON body and HTTP errors throw Guzzle's exceptions.

namespace AcmeSign\ApiClient;

use GuzzleHttp\Client as HttpClient;
use InvalidArgumentException;

class Client
{
    private const DEFAULT_BASE_URI = 'https://api.acme-sign.example/api/v2';

    // The request each method sends; path parameters are its first arguments, then Guzzle's options.
    private const ROUTES = [
        'bundles' => [
            'create' => 'POST /bundles/',
            'list' => 'GET /bundles/',
            'retrieve' => 'GET /bundles/{bundleSlug}/',
            'cancel' => 'PUT /bundles/{bundleSlug}/cancel/',
            'events' => 'GET /bundles/{bundleSlug}/events/',
            'files' => 'GET /bundles/{bundleSlug}/files/',
            'data' => 'GET /bundles/{bundleSlug}/data/',
        ],
        'packets' => [
            'retrieve' => 'GET /packets/{packetId}/',
            'update' => 'PATCH /packets/{packetId}/',
            'remind' => 'PUT /packets/{packetId}/remind/',
            'coe' => 'GET /packets/{packetId}/coe/',
            'embedUrl' => 'POST /packets/{packetId}/embed_url/',
        ],
        'persons' => [
            'list' => 'GET /persons/',
            'create' => 'POST /persons/',
            'retrieve' => 'GET /persons/{personId}/',
            'update' => 'PUT /persons/{personId}/',
            'partialUpdate' => 'PATCH /persons/{personId}/',
            'delete' => 'DELETE /persons/{personId}/',
        ],
        'templates' => [
            'list' => 'GET /templates/',
            'retrieve' => 'GET /templates/{templateId}/',
        ],
    ];

    /** @var Resource */
    public $bundles;
    /** @var Resource */
    public $packets;
    /** @var Resource */
    public $persons;
    /** @var Resource */
    public $templates;

    public function __construct($apiKey = null, array $config = [])
    {
        $apiKey = $apiKey ?: getenv('ACME_SIGN_API_TOKEN');
        if (!$apiKey) {
            throw new InvalidArgumentException('Pass your private API key, or set ACME_SIGN_API_TOKEN.');
        }
        $baseUri = rtrim($config['baseUri'] ?? (getenv('ACME_SIGN_API_URI') ?: self::DEFAULT_BASE_URI), '/');
        $http = new HttpClient(['headers' => ['Authorization' => "Token {$apiKey}"]]);
        foreach (self::ROUTES as $resource => $routes) {
            $this->$resource = new Resource($http, $baseUri, $routes);
        }
    }
}
