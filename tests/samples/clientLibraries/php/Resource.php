<?php

namespace AcmeSign\ApiClient;

use BadMethodCallException;
use GuzzleHttp\Client as HttpClient;
use Psr\Http\Message\ResponseInterface;

/** One resource of the client (`$client->bundles`): a method per route, and the last response. */
class Resource
{
    private $http;
    private $baseUri;
    private $routes;
    private $lastResponse;

    public function __construct(HttpClient $http, string $baseUri, array $routes)
    {
        $this->http = $http;
        $this->baseUri = $baseUri;
        $this->routes = $routes;
    }

    public function __call(string $name, array $arguments)
    {
        if (!isset($this->routes[$name])) {
            throw new BadMethodCallException("No method {$name} on this resource.");
        }
        [$method, $template] = explode(' ', $this->routes[$name], 2);
        $path = preg_replace_callback('/\{[^}]+\}/', function () use (&$arguments) {
            return rawurlencode((string) array_shift($arguments));
        }, $template);
        $this->lastResponse = $this->http->request($method, $this->baseUri . $path, $arguments[0] ?? []);
        return json_decode((string) $this->lastResponse->getBody());
    }

    public function getLastResponse(): ?ResponseInterface
    {
        return $this->lastResponse;
    }
}
