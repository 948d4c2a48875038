"""Drawing the game on a framebuf.FrameBuffer: our bitmap font, the theme colours, the views.

Nothing here knows pins or panels; the hardware layer hands the UI a FrameBuffer.
"""
