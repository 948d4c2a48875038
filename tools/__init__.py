"""Host-side tools: compiling the firmware with mpy-cross, running code under the real
MicroPython (WebAssembly, in Node) and benchmarks. Nothing here runs on the Pico."""
